import {
  ContactMessageInput,
  ContactMessageList,
  ContactMessageParams,
  ContactMessageQuery,
  ContactMessageResult,
  ContactMessageUpdate,
  ContactReplyInput,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { currentViewer } from '../../../http/guards.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { listClubMessages, replyToMessage, setMessageDone, submitContactMessage } from './service.ts';

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
    {
      schema: {
        tags: ['admin'],
        summary: "The club's contact messages: open ones first, or only the open or the done ones",
        querystring: ContactMessageQuery,
        response: { 200: ContactMessageList },
      },
      config: { access: 'admin' },
    },
    async (request) => listClubMessages(app.services, viewerOf(request), request.query),
  );

  app.post(
    '/api/admin/contact-messages/:id/replies',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Answer a contact message: the reply is emailed to its sender and kept with the admin's name",
        params: ContactMessageParams,
        body: ContactReplyInput,
        response: { 201: ContactMessageResult, ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: await replyToMessage(app.services, viewerOf(request), {
          id: request.params.id,
          reply: request.body.reply,
        }),
      }),
  );

  app.patch(
    '/api/admin/contact-messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message done, or open it again',
        params: ContactMessageParams,
        body: ContactMessageUpdate,
        response: { 200: ContactMessageResult, ...refusals(404) },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      message: await setMessageDone(app.services, viewerOf(request), {
        id: request.params.id,
        done: request.body.done,
      }),
    }),
  );
};
