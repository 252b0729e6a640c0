import {
  PaymentIssue,
  PaymentIssueIdParams,
  PaymentIssueList,
  PaymentIssueQuery,
  PaymentIssueResolve,
  TestCardPayment,
  TestCardResult,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { receivePaymentEvent } from './events.ts';
import { paymentIssuesOf, resolvePaymentIssue } from './issues.ts';
import { payWithTestCard } from './test-card.ts';

export const WEBHOOK_PATH = '/api/payments/stripe/webhook';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes Stripe sent, so this route keeps the raw body.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    webhook.post(
      WEBHOOK_PATH,
      {
        schema: {
          tags: ['payments'],
          response: {
            200: z.object({ received: z.boolean(), duplicate: z.boolean(), outcome: z.string() }),
            // 503: Stripe could not be asked about the payment; it delivers the event again.
            ...refusals(400, 503),
          },
        },
        // Anyone can reach it; only Stripe's signature over the raw body makes an event count.
        config: { access: 'public', rateLimit: false },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['stripe-signature'];
        const result = await receivePaymentEvent(
          app.services,
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        if (result.outcome === 'amount_mismatch')
          request.log.warn({ orderId: result.orderId }, 'payment amount mismatch');
        return { received: true, duplicate: result.duplicate, outcome: result.outcome };
      },
    );
  });

  app.post(
    '/api/payments/test/confirm',
    {
      schema: {
        tags: ['payments'],
        body: TestCardPayment,
        response: { 200: TestCardResult, ...refusals(404, 409) },
      },
      config: { access: 'member' },
    },
    async (request) => payWithTestCard(app.services, viewerOf(request), request.body),
  );

  app.get(
    '/api/admin/payment-issues',
    {
      schema: { tags: ['admin'], querystring: PaymentIssueQuery, response: { 200: PaymentIssueList } },
      config: { access: 'admin' },
    },
    async (request) => ({
      issues: await paymentIssuesOf(app.services, viewerOf(request), request.query.status),
    }),
  );

  app.post(
    '/api/admin/payment-issues/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        params: PaymentIssueIdParams,
        body: PaymentIssueResolve.optional(),
        response: { 200: PaymentIssue, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      resolvePaymentIssue(app.services, viewerOf(request), request.params.id, request.body?.note),
  );
};
