import { DeleteAccount, Me, ProfileUpdate } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/guards.ts';
import { deleteAccount, exportData, getMe, updateProfile } from './service.ts';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];

  app.get('/api/me', { schema: { tags, response: { 200: Me } } }, async (request) => {
    const viewer = await requireUser(request);
    return getMe(app.services, viewer.userId);
  });

  app.patch('/api/me', { schema: { tags, body: ProfileUpdate, response: { 200: Me } } }, async (request) => {
    const viewer = await requireUser(request);
    return updateProfile(app.services, viewer, request.body);
  });

  app.get('/api/me/export', { schema: { tags } }, async (request, reply) => {
    const viewer = await requireUser(request);
    const data = await exportData(app.services, viewer);
    return reply
      .header(
        'content-disposition',
        `attachment; filename="lastman-my-data-${data.exportedAt.slice(0, 10)}.json"`,
      )
      .send(data);
  });

  app.delete(
    '/api/me',
    { schema: { tags, body: DeleteAccount, response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = await requireUser(request);
      await deleteAccount(app.services, viewer, request.body.password);
      // The session is gone with the account; tell the browser to forget the cookies too.
      for (const name of ['better-auth.session_token', '__Secure-better-auth.session_token']) {
        reply.clearCookie(name, { path: '/' });
      }
      app.services.xsrf.issueFor(reply, '');
      return reply.status(204).send(null);
    },
  );
};
