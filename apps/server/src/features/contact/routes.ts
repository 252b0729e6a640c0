import { ContactMessageInput, ContactMessageList } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentViewer } from '../../auth/guards.ts';
import { viewerOf } from '../../http/access.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { listClubMessages, submitContactMessage } from './service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        body: ContactMessageInput,
        response: { 201: z.object({ id: z.string() }), ...refusals(404) },
      },
      config: { access: 'public' },
      // Per address and per sender (http/rate-limits.ts), once the sender is known.
      preHandler: async (request, reply) => {
        await currentViewer(request);
        await app.services.limits.beforeContact(request, reply);
      },
    },
    async (request, reply) => {
      const viewer = await currentViewer(request);
      const id = await submitContactMessage(app.services, viewer, request.body);
      return reply.status(201).send({ id });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    { schema: { tags: ['admin'], response: { 200: ContactMessageList } }, config: { access: 'admin' } },
    async (request) => ({ messages: await listClubMessages(app.services, viewerOf(request)) }),
  );
};
