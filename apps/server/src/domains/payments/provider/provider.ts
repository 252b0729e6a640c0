import { createHash, createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import type { IntentState, PaymentProvider } from '../../../lib/payment-provider.ts';
import type { ConnectedAccountState, OnAccount } from '../stripe-account/index.ts';

export type { CreatedIntent, IntentState, PaymentProvider } from '../../../lib/payment-provider.ts';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The states in which Stripe lets the card form confirm an intent. */
const PAYABLE_INTENT_STATES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return stripeProvider(
      config.STRIPE_SECRET_KEY,
      [config.STRIPE_WEBHOOK_SECRET, config.STRIPE_CONNECT_WEBHOOK_SECRET].filter((s): s is string =>
        Boolean(s),
      ),
      config.STRIPE_API_URL,
    );
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

/** Request options putting a call on a club's connected account (the Stripe-Account header). */
const on = (account: OnAccount) => (account ? { stripeAccount: account } : {});

function stripeProvider(secretKey: string, webhookSecrets: string[], apiUrl?: string): PaymentProvider {
  const stripe = stripeClient(secretKey, apiUrl);
  return {
    kind: 'stripe',
    constructEvent(raw, signature, receivedAt) {
      let failure: unknown;
      for (const secret of webhookSecrets) {
        try {
          return stripe.webhooks.constructEvent(
            raw,
            signature,
            secret,
            WEBHOOK_TOLERANCE_SECONDS,
            undefined,
            receivedAt,
          );
        } catch (err) {
          failure = err;
        }
      }
      throw failure;
    },
    async createIntent(order) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.amountPence,
          currency: order.currency,
          automatic_payment_methods: { enabled: true },
          metadata: { orderId: order.id, clubId: order.clubId, competitionId: order.competitionId },
          description: `Lastman entries, order ${order.id}`,
          ...(order.account &&
            order.applicationFeePence > 0 && {
              application_fee_amount: order.applicationFeePence,
            }),
        },
        {
          idempotencyKey: `order-${order.id}-${order.amountPence}-${order.currency}`,
          ...on(order.account),
        },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a payment intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id, account) {
      const intent = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }, on(account));
      return {
        status: intent.status,
        amountReceived: intent.amount_received,
        currency: intent.currency,
        cardLast4: cardLast4Of(intent),
      };
    },
    async resumeIntent(id, account) {
      const intent = await stripe.paymentIntents.retrieve(id, {}, on(account));
      if (!PAYABLE_INTENT_STATES.has(intent.status) || !intent.client_secret) return null;
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async cancelIntent(id, account) {
      await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }, on(account));
    },
    async refund(opts) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: opts.paymentIntentId,
          amount: opts.amountPence,
          metadata: { ...opts.metadata, reason: opts.reason.slice(0, 500) },
          // The platform keeps no fee on money that goes back: the club's refund returns it too.
          ...(opts.account && { refund_application_fee: true }),
        },
        { idempotencyKey: opts.idempotencyKey, ...on(opts.account) },
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },
    async createAccount(club) {
      const account = await stripe.accounts.create(
        {
          country: 'GB',
          default_currency: 'gbp',
          ...(club.email && { email: club.email }),
          business_profile: { name: club.name },
          metadata: { clubId: club.id },
          // Stripe hosts onboarding and the dashboard and carries losses; the club pays Stripe's fees.
          controller: {
            fees: { payer: 'account' },
            losses: { payments: 'stripe' },
            stripe_dashboard: { type: 'express' },
          },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        },
        { idempotencyKey: `club-account-${club.id}` },
      );
      return account.id;
    },
    async accountLink(accountId, urls) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
      });
      return link.url;
    },
    async retrieveAccount(accountId) {
      return accountState(await stripe.accounts.retrieve(accountId));
    },
  };
}

export function accountState(account: Stripe.Account): ConnectedAccountState {
  return {
    accountId: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    requirementsDue: account.requirements?.currently_due ?? [],
  };
}

const noConnect = async (): Promise<never> => {
  throw new Error('Stripe Connect needs the Stripe keys; the test provider has no connected accounts');
};

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
  // Derived from the intent's id, so that a checkout resumed after a restart gets the same secret back.
  const clientSecretOf = (id: string) =>
    `${id}_secret_${createHmac('sha256', webhookSecret).update(id).digest('hex').slice(0, 24)}`;

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
      intents.set(id, {
        status: 'requires_payment_method',
        amountReceived: 0,
        currency: order.currency,
        cardLast4: null,
      });
      return { id, clientSecret: clientSecretOf(id) };
    },
    createAccount: noConnect,
    accountLink: noConnect,
    retrieveAccount: noConnect,
    async retrieveIntent(id) {
      return (
        intents.get(id) ?? {
          status: 'requires_payment_method',
          amountReceived: 0,
          currency: 'gbp',
          cardLast4: null,
        }
      );
    },
    async resumeIntent(id) {
      // An intent this process has not seen (made before a restart) is still waiting for a card.
      const status = intents.get(id)?.status ?? 'requires_payment_method';
      return PAYABLE_INTENT_STATES.has(status) ? { id, clientSecret: clientSecretOf(id) } : null;
    },
    async cancelIntent(id) {
      const intent = intents.get(id);
      if (intent?.status === 'succeeded') throw new Error('This PaymentIntent has already succeeded.');
      intents.set(id, {
        status: 'canceled',
        amountReceived: 0,
        currency: intent?.currency ?? 'gbp',
        cardLast4: null,
      });
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
        cardLast4: succeeded ? opts.cardNumber.replace(/\D/g, '').slice(-4) : null,
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

/** The paying card's last four digits, when the intent carries its charge expanded. */
export function cardLast4Of(intent: Stripe.PaymentIntent): string | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const last4 = charge.payment_method_details?.card?.last4;
  return typeof last4 === 'string' && /^\d{4}$/.test(last4) ? last4 : null;
}
