import { CompetitionIdParams, CompetitionReviewList, PayoutCreate, PayoutSummary } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { clearReview, payoutSummary, recordPayout, reviewsOf } from './service.ts';

/** Prizes the club paid outside the app, and competitions whose winners changed after a payout. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin', 'payouts'];

  app.get(
    '/api/admin/competitions/:id/payouts',
    {
      schema: { tags, params: CompetitionIdParams, response: { 200: PayoutSummary } },
      config: { access: 'admin' },
    },
    async (request) => payoutSummary(app.services, viewerOf(request), { competitionId: request.params.id }),
  );

  app.post(
    '/api/admin/competitions/:id/payouts',
    {
      schema: {
        tags,
        summary: 'Record a prize paid to a winner (bank transfer, cash) outside the app',
        params: CompetitionIdParams,
        body: PayoutCreate,
        response: { 201: PayoutSummary, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const summary = await recordPayout(app.services, viewerOf(request), {
        competitionId: request.params.id,
        payout: request.body,
      });
      return reply.status(201).send(summary);
    },
  );

  app.post(
    '/api/admin/competitions/:id/review/clear',
    {
      schema: { tags, params: CompetitionIdParams, response: { 200: PayoutSummary, ...refusals(409) } },
      config: { access: 'admin' },
    },
    async (request) => clearReview(app.services, viewerOf(request), { competitionId: request.params.id }),
  );

  app.get(
    '/api/admin/competition-reviews',
    { schema: { tags, response: { 200: CompetitionReviewList } }, config: { access: 'admin' } },
    async (request) => reviewsOf(app.services, viewerOf(request)),
  );
};
