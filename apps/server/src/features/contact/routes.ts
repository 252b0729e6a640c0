import { ContactMessageInput, ContactMessageList } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentViewer, requireRole } from '../../auth/guards.ts';
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
      // As loose as sign-in, the strictest limit being kept for sign-in, sign-up and password reset.
      config: {
        rateLimit: {
          max: Math.max(1, Math.round(10 * app.services.config.RATE_LIMIT_SCALE)),
          timeWindow: '1 minute',
        },
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
    { schema: { tags: ['admin'], response: { 200: ContactMessageList } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return { messages: await listClubMessages(app.services.db, admin.clubId) };
    },
  );
};
