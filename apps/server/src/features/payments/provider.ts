import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

export interface IntentState {
  status: string;
  amountReceived: number;
  currency: string;
}

/**
 * Stripe, or the local test provider that takes the same path offline: the server creates a payment
 * intent, the card is taken on the client, and the result arrives as a signed webhook event.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  /** Verifies a webhook's signature on its raw body (tolerance 5 minutes) and returns the event. */
  constructEvent(rawBody: Buffer, signature: string, receivedAtMs: number): Stripe.Event;
  createIntent(order: {
    id: string;
    amountPence: number;
    currency: string;
    clubId: string;
    competitionId: string;
  }): Promise<CreatedIntent>;
  retrieveIntent(paymentIntentId: string): Promise<IntentState>;
  /** Cancels an intent that was never paid, so that it can no longer take money. */
  cancelIntent(paymentIntentId: string): Promise<void>;
  refund(opts: {
    paymentIntentId: string;
    amountPence: number;
    idempotencyKey: string;
    reason: string;
    /** Lets the provider's events name the refund, its order and its entries back to us. */
    metadata: Record<string, string>;
  }): Promise<{ id: string; status: string }>;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return stripeProvider(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_API_URL);
  }
  if (config.PAYMENTS_REQUIRE_STRIPE)
    throw new Error('PAYMENTS_REQUIRE_STRIPE is set: the test provider may not run');
  return testProvider(config.AUTH_SECRET);
}

function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const api = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

function stripeProvider(secretKey: string, webhookSecret: string, apiUrl?: string): PaymentProvider {
  const stripe = stripeClient(secretKey, apiUrl);
  return {
    kind: 'stripe',
    constructEvent: (raw, signature, receivedAt) =>
      stripe.webhooks.constructEvent(
        raw,
        signature,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAt,
      ),
    async createIntent(order) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.amountPence,
          currency: order.currency,
          automatic_payment_methods: { enabled: true },
          metadata: { orderId: order.id, clubId: order.clubId, competitionId: order.competitionId },
          description: `Lastman entries, order ${order.id}`,
        },
        { idempotencyKey: `order-${order.id}-${order.amountPence}-${order.currency}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a payment intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      const intent = await stripe.paymentIntents.retrieve(id);
      return { status: intent.status, amountReceived: intent.amount_received, currency: intent.currency };
    },
    async cancelIntent(id) {
      await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
    },
    async refund(opts) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: opts.paymentIntentId,
          amount: opts.amountPence,
          metadata: { ...opts.metadata, reason: opts.reason.slice(0, 500) },
        },
        { idempotencyKey: opts.idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },
  };
}

// ---------- the test provider ----------

/** Stripe's test card numbers and what they do. */
export const TEST_CARDS: Record<
  string,
  { outcome: 'succeeded' } | { outcome: 'failed'; code: string; message: string }
> = {
  '4242424242424242': { outcome: 'succeeded' },
  '4000000000000002': { outcome: 'failed', code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': {
    outcome: 'failed',
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export interface TestProvider extends PaymentProvider {
  readonly kind: 'test';
  /** Builds the event Stripe would send after the card was tried, signed like Stripe signs it. */
  cardResultEvent(opts: {
    paymentIntentId: string;
    orderId: string;
    amountPence: number;
    currency: string;
    cardNumber: string;
    nowSeconds: number;
  }): { payload: string; signature: string; outcome: 'succeeded' | 'failed'; message?: string };
  /** Signs any payload with the test provider's webhook secret. */
  sign(payload: string, timestampSeconds: number): string;
}

export function testProvider(secret: string): TestProvider {
  const webhookSecret = `whsec_${createHash('sha256').update(`test-webhook:${secret}`).digest('base64url')}`;
  // The Stripe library's own helpers sign and verify, so the test path checks signatures for real.
  const stripe = new Stripe('sk_test_offline', { telemetry: false });
  const intents = new Map<string, IntentState>();
  const refundsByKey = new Map<string, string>();
  const sign = (payload: string, timestamp: number) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });

  return {
    kind: 'test',
    sign,
    constructEvent: (raw, signature, receivedAt) =>
      stripe.webhooks.constructEvent(
        raw,
        signature,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAt,
      ),
    async createIntent(order) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      intents.set(id, { status: 'requires_payment_method', amountReceived: 0, currency: order.currency });
      return { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}` };
    },
    async retrieveIntent(id) {
      return intents.get(id) ?? { status: 'requires_payment_method', amountReceived: 0, currency: 'gbp' };
    },
    async cancelIntent(id) {
      const intent = intents.get(id);
      if (intent?.status === 'succeeded') throw new Error('This PaymentIntent has already succeeded.');
      intents.set(id, { status: 'canceled', amountReceived: 0, currency: intent?.currency ?? 'gbp' });
    },
    async refund(opts) {
      // Like Stripe, the same idempotency key gives back the same refund.
      const id = refundsByKey.get(opts.idempotencyKey) ?? `re_test_${randomBytes(12).toString('hex')}`;
      refundsByKey.set(opts.idempotencyKey, id);
      return { id, status: 'succeeded' };
    },
    cardResultEvent(opts) {
      const card = TEST_CARDS[opts.cardNumber.replace(/\D/g, '')];
      if (!card) throw new Error('unknown test card');
      const succeeded = card.outcome === 'succeeded';
      intents.set(opts.paymentIntentId, {
        status: succeeded ? 'succeeded' : 'requires_payment_method',
        amountReceived: succeeded ? opts.amountPence : 0,
        currency: opts.currency,
      });
      const event = {
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: opts.nowSeconds,
        livemode: false,
        type: succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        data: {
          object: {
            id: opts.paymentIntentId,
            object: 'payment_intent',
            amount: opts.amountPence,
            amount_received: succeeded ? opts.amountPence : 0,
            currency: opts.currency,
            status: succeeded ? 'succeeded' : 'requires_payment_method',
            metadata: { orderId: opts.orderId },
            // As Stripe gives it when the charge is expanded: receipts show the card's last four digits.
            latest_charge: succeeded
              ? {
                  object: 'charge',
                  payment_method_details: {
                    type: 'card',
                    card: { last4: opts.cardNumber.replace(/\D/g, '').slice(-4) },
                  },
                }
              : null,
            last_payment_error: succeeded
              ? null
              : { code: card.code, message: card.message, type: 'card_error' },
          },
        },
      };
      const payload = JSON.stringify(event);
      return {
        payload,
        signature: sign(payload, opts.nowSeconds),
        outcome: card.outcome,
        ...(card.outcome === 'failed' && { message: card.message }),
      };
    },
  };
}

export function isTestProvider(p: PaymentProvider): p is TestProvider {
  return p.kind === 'test';
}
