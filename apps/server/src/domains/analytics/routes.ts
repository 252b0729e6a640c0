import { AnalyticsQuery, AnalyticsReport, AnalyticsSummary, AnalyticsSummaryQuery } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../http/access.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { analyticsReport, analyticsSummary } from './service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/analytics/summary',
    {
      schema: {
        tags,
        querystring: AnalyticsSummaryQuery,
        response: { 200: AnalyticsSummary, ...refusals(404) },
      },
      config: { access: 'admin' },
    },
    async (request) => analyticsSummary(app.services, viewerOf(request), request.query),
  );

  app.get(
    '/api/admin/analytics',
    {
      schema: { tags, querystring: AnalyticsQuery, response: { 200: AnalyticsReport, ...refusals(404) } },
      config: { access: 'admin' },
    },
    async (request) => analyticsReport(app.services, viewerOf(request), request.query),
  );
};
