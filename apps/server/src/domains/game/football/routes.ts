import { FootballDataState, SeasonUpload, SeasonUploadResult } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { personOf, viewerOf } from '../../../http/access.ts';
import { footballDataState } from '../fixtures/service.ts';
import { uploadSeason } from './service.ts';

export const footballRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/football/data',
    {
      schema: {
        tags: ['admin', 'football'],
        summary: 'Where each season in play gets its data, when it last changed, and whether it is stale',
        response: { 200: FootballDataState },
      },
      config: { access: 'admin' },
    },
    async (request) => footballDataState(app.services, viewerOf(request)),
  );

  app.post(
    '/api/platform/seasons',
    {
      schema: {
        tags: ['football'],
        summary: "Upload a season file (openfootball's football.json): it updates the season in place",
        body: SeasonUpload,
        response: { 200: SeasonUploadResult },
      },
      config: { access: 'platform' },
    },
    async (request) => uploadSeason(app.services, personOf(request), request.body),
  );
};
