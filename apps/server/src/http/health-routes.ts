import { Health } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: { tags: ['system'], response: { 200: Health, 503: Health } },
      config: { access: 'public', rateLimit: false },
    },
    async (_request, reply) => {
      const { database } = app.services;
      const ok = await database.ping();
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', database: { kind: database.kind, ok } });
    },
  );
};
