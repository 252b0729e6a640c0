import { type AccessRows, at } from '../support/access-matrix.ts';

/**
 * The access matrix's rows of this domain's routes. Orders, the payment provider's webhook, refunds
 * and the club's Stripe account. Assembled with every other domain's rows by test/platform/access-
 * matrix.test.ts.
 */
export const paymentsAccess: AccessRows = (w) => ({
  'POST /api/payments/stripe/webhook': {
    call: at('/api/payments/stripe/webhook', {}),
    refused: 'not signed by Stripe',
  },
  // Orders and payments.
  'POST /api/orders': { call: at('/api/orders', { competitionId: w.paidId, entries: 1 }), firstClub: true },
  'GET /api/orders': { call: at('/api/orders') },
  'GET /api/orders/:id': { call: at(`/api/orders/${w.ownerPaidOrder}`), owned: 'ownerOrAdmin' },
  'POST /api/orders/:id/cancel': { call: at(`/api/orders/${w.ownerOrderToCancel}/cancel`), owned: 'owner' },
  'POST /api/orders/:id/resume': { call: at(`/api/orders/${w.ownerOrderToResume}/resume`), owned: 'owner' },
  'POST /api/payments/test/confirm': {
    call: at('/api/payments/test/confirm', {
      clientSecret: w.ownerPendingSecret,
      cardNumber: '4242424242424242',
    }),
    firstClub: true,
    owned: 'owner',
  },
  'GET /api/admin/orders': { call: at('/api/admin/orders') },
  'POST /api/admin/orders/:id/refunds': {
    call: at(`/api/admin/orders/${w.ownerOrderToRefund}/refunds`, {}),
  },
  'GET /api/admin/payment-issues': { call: at('/api/admin/payment-issues?status=all') },
  'POST /api/admin/payment-issues/:id/resolve': {
    call: at(`/api/admin/payment-issues/${w.issueId}/resolve`, { note: 'Checked' }),
  },
  // Stripe Connect: the club's own Stripe account (this server takes test payments)
  'GET /api/admin/stripe-account': { call: at('/api/admin/stripe-account') },
  'POST /api/admin/stripe-account/onboarding': {
    call: at('/api/admin/stripe-account/onboarding'),
    refused: 'no Stripe Connect without Stripe keys (409): stripe-connect.test.ts onboards a club',
  },
  'POST /api/admin/stripe-account/refresh': {
    call: at('/api/admin/stripe-account/refresh'),
    refused: 'no Stripe Connect without Stripe keys (409): stripe-connect.test.ts refreshes one',
  },
});
