import { Club, ClubDetailsUpdate, ClubQuery } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentViewer } from '../../auth/guards.ts';
import { viewerOf } from '../../http/access.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { clubForViewer, updateClubDetails } from './service.ts';

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

  // Club details (issue 12): the tenants branch adds its own fields (name, colours) to this route.
  app.patch(
    '/api/admin/club',
    {
      schema: {
        tags: ['clubs'],
        summary: "Change the club's address, opening hours, phone or contact email",
        body: ClubDetailsUpdate,
        response: { 200: Club },
      },
      config: { access: 'admin' },
    },
    async (request) => updateClubDetails(app.services, viewerOf(request), request.body),
  );
};
