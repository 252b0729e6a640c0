import { Club, ClubQuery } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentViewer } from '../../auth/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { clubForViewer } from './service.ts';

export const clubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/club',
    {
      schema: { tags: ['clubs'], querystring: ClubQuery, response: { 200: Club, ...refusals(404) } },
      // The viewer, when there is one, only chooses which club to show by default.
      config: { access: 'public' },
    },
    async (request) => {
      const viewer = await currentViewer(request);
      return clubForViewer(app.services.db, {
        slug: request.query.slug,
        userClubId: viewer?.clubId,
        defaultSlug: app.services.config.DEFAULT_CLUB,
      });
    },
  );
};
