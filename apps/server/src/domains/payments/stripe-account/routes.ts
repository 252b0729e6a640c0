import { ClubPaymentAccount, StripeOnboardingLink } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { clubPaymentAccount, refreshClubAccount, startOnboarding } from './service.ts';

export const connectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stripe-account',
    {
      schema: { tags: ['admin'], response: { 200: ClubPaymentAccount } },
      config: { access: 'admin' },
    },
    async (request) => clubPaymentAccount(app.services, viewerOf(request)),
  );

  app.post(
    '/api/admin/stripe-account/onboarding',
    {
      schema: { tags: ['admin'], response: { 200: StripeOnboardingLink, ...refusals(409, 503) } },
      config: { access: 'admin' },
    },
    async (request) => startOnboarding(app.services, viewerOf(request)),
  );

  app.post(
    '/api/admin/stripe-account/refresh',
    {
      schema: { tags: ['admin'], response: { 200: ClubPaymentAccount, ...refusals(409, 503) } },
      config: { access: 'admin' },
    },
    async (request) => refreshClubAccount(app.services, viewerOf(request)),
  );
};
