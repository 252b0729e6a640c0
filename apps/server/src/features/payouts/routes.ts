import { CompetitionIdParams, CompetitionReviewList, PayoutCreate, PayoutSummary } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { clearReview, payoutSummary, recordPayout, reviewsOf } from './service.ts';

/** Prizes the club paid outside the app, and competitions whose winners changed after a payout. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin', 'payouts'];
  const { db, clock } = app.services;
  const now = () => clock.now().getTime();

  app.get(
    '/api/admin/competitions/:id/payouts',
    { schema: { tags, params: CompetitionIdParams, response: { 200: PayoutSummary } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return payoutSummary(db, admin, request.params.id);
    },
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
    },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      return reply.status(201).send(await recordPayout(db, admin, request.params.id, request.body, now()));
    },
  );

  app.post(
    '/api/admin/competitions/:id/review/clear',
    { schema: { tags, params: CompetitionIdParams, response: { 200: PayoutSummary, ...refusals(409) } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return clearReview(db, admin, request.params.id, now());
    },
  );

  app.get(
    '/api/admin/competition-reviews',
    { schema: { tags, response: { 200: CompetitionReviewList } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return reviewsOf(db, admin);
    },
  );
};
