import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import Stripe from 'stripe';
import { type Backend, startTestServer } from './test-server.ts';

export interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** Stripe Connect: the connected account the call was made on (the Stripe-Account header). */
  stripeAccount: string | undefined;
}

/**
 * A local HTTP server speaking Stripe's wire format (form-encoded requests, JSON objects back), so
 * the official `stripe` library runs unchanged against it and the test can check what it sent.
 */
export async function startStripeStandIn() {
  const calls: StripeCall[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const refundsByKey = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const accountsByKey = new Map<string, Record<string, unknown>>();
  const options = {
    /** Status of the refunds it makes (`succeeded`, `pending`, `failed`). */
    refundStatus: 'succeeded',
    /** Runs inside the refund request, before Stripe answers: a webhook can be delivered from here. */
    onRefund: null as null | ((refund: Record<string, unknown>) => Promise<void>),
    /** Answers matching requests with this HTTP status and an `api_error`, as Stripe does when down. */
    failing: null as null | { path: RegExp; status: number },
  };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const call: StripeCall = {
      method: req.method ?? 'GET',
      path: url.pathname,
      form: new URLSearchParams(body),
      idempotencyKey: header(req, 'idempotency-key'),
      authorization: header(req, 'authorization'),
      stripeAccount: header(req, 'stripe-account'),
    };
    calls.push(call);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(json));
    };
    if (options.failing?.path.test(call.path)) {
      return send(options.failing.status, {
        error: { type: 'api_error', message: 'An unknown error occurred (stand-in is failing on purpose).' },
      });
    }
    if (call.method === 'POST' && call.path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata = metadataOf(call.form);
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(call.form.get('amount')),
        amount_received: 0,
        currency: call.form.get('currency'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        livemode: false,
        // Stripe Connect: the intent lives on the account it was created on (not in Stripe's JSON).
        _account: call.stripeAccount ?? null,
        ...(call.form.get('application_fee_amount') && {
          application_fee_amount: Number(call.form.get('application_fee_amount')),
        }),
      };
      intents.set(id, intent);
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(call.path);
    if (call.method === 'GET' && retrieve?.[1]) {
      const intent = onAccount(intents.get(retrieve[1]), call);
      if (!intent)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      // `expand[]=latest_charge` (the library writes `expand[0]`): the charge object in place of its id.
      const expand = [...url.searchParams].filter(([k]) => k.startsWith('expand[')).map(([, v]) => v);
      if (!expand.includes('latest_charge') || typeof intent.latest_charge !== 'string')
        return send(200, intent);
      const charge = {
        id: intent.latest_charge,
        object: 'charge',
        payment_intent: intent.id,
        payment_method_details: { type: 'card', card: { brand: 'visa', last4: intent._last4 } },
      };
      return send(200, { ...intent, latest_charge: charge });
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(call.path);
    if (call.method === 'POST' && cancel?.[1]) {
      const intent = onAccount(intents.get(cancel[1]), call);
      if (!intent)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      if (intent.status === 'succeeded') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          },
        });
      }
      Object.assign(intent, {
        status: 'canceled',
        cancellation_reason: call.form.get('cancellation_reason'),
      });
      return send(200, intent);
    }
    if (call.method === 'POST' && call.path === '/v1/refunds') {
      // The same idempotency key gives back the same refund, as Stripe does.
      const again = call.idempotencyKey ? refundsByKey.get(call.idempotencyKey) : undefined;
      if (again) return send(200, again);
      // As Stripe: a payment on a connected account is refunded on that account only.
      if (!onAccount(intents.get(call.form.get('payment_intent') ?? ''), call)) {
        return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      const refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: Number(call.form.get('amount')),
        payment_intent: call.form.get('payment_intent'),
        status: options.refundStatus,
        currency: 'gbp',
        metadata: metadataOf(call.form),
        failure_reason: options.refundStatus === 'failed' ? 'expired_or_canceled_card' : null,
      };
      refunds.set(refund.id, refund);
      if (call.idempotencyKey) refundsByKey.set(call.idempotencyKey, refund);
      if (options.onRefund) await options.onRefund(refund);
      return send(200, refund);
    }
    // Stripe Connect: accounts, their hosted onboarding links, their state.
    if (call.method === 'POST' && call.path === '/v1/accounts') {
      const again = call.idempotencyKey ? accountsByKey.get(call.idempotencyKey) : undefined;
      if (again) return send(200, again);
      const account = {
        id: `acct_${randomBytes(8).toString('hex')}`,
        object: 'account',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        email: call.form.get('email'),
        metadata: metadataOf(call.form),
        requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
      };
      accounts.set(account.id, account);
      if (call.idempotencyKey) accountsByKey.set(call.idempotencyKey, account);
      return send(200, account);
    }
    if (call.method === 'POST' && call.path === '/v1/account_links') {
      const account = accounts.get(call.form.get('account') ?? '');
      if (!account)
        return send(400, { error: { type: 'invalid_request_error', message: 'No such account' } });
      return send(200, {
        object: 'account_link',
        url: `https://connect.stripe.com/setup/e/${account.id}/${randomBytes(6).toString('hex')}`,
        expires_at: Math.floor(Date.now() / 1000) + 300,
      });
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(call.path);
    if (call.method === 'GET' && accountPath?.[1]) {
      const account = accounts.get(accountPath[1]);
      return account
        ? send(200, account)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${call.method}: ${call.path})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    intents,
    refunds,
    accounts,
    options,
    /** Stripe Connect: the account finished onboarding, or Stripe changed what it may do. */
    setAccount(
      id: string,
      state: Partial<Record<'charges_enabled' | 'payouts_enabled' | 'details_submitted', boolean>>,
    ) {
      const account = accounts.get(id);
      if (account) Object.assign(account, state, { requirements: { currently_due: [] } });
      return account;
    },
    /** What Stripe would hold after the card was charged. */
    /** Paid by a card ending `last4`: the intent names its charge by id, as Stripe's events do. */
    markSucceeded(id: string, amountReceived?: number, last4 = '4242') {
      const intent = intents.get(id);
      if (!intent) return;
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: amountReceived ?? intent.amount,
        latest_charge: `ch_${id}`,
        _last4: last4,
      });
    },
    /** Runs `fn` with some options changed, then puts them back whatever happens. */
    async using<T>(changed: Partial<typeof options>, fn: () => Promise<T>): Promise<T> {
      const before = { ...options };
      Object.assign(options, changed);
      try {
        return await fn();
      } finally {
        Object.assign(options, before);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
export type StripeWebhooks = ReturnType<typeof stripeWebhooks>;

const WEBHOOK_SECRET = 'whsec_test_secret_for_lastman_tests';

/**
 * A test server (seeded) taking card payments through Stripe, here the stand-in, with Stripe's
 * webhooks to it signed with the server's webhook secret.
 */
export async function startStripeTestServer(
  backend: Backend,
  opts: { now?: string; env?: Record<string, string>; captureLog?: boolean } = {},
) {
  const stand = await startStripeStandIn();
  try {
    const server = await startTestServer(backend, {
      seed: true,
      ...opts,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_lastman',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_lastman',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stand.url,
        ...opts.env,
      },
    });
    const hooks = stripeWebhooks({
      baseUrl: server.baseUrl,
      secret: WEBHOOK_SECRET,
      nowMs: () => server.clock.now().getTime(),
    });
    return { server, stand, hooks };
  } catch (err) {
    await stand.close();
    throw err;
  }
}

/** A payment intent as seen from the account a call was made on: another account's is not there. */
function onAccount(intent: Record<string, unknown> | undefined, call: StripeCall) {
  return intent && (intent._account ?? null) === (call.stripeAccount ?? null) ? intent : undefined;
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m?.[1]) metadata[m[1]] = v;
  }
  return metadata;
}

/**
 * Stripe's side of the webhooks: events in Stripe's JSON shape, signed with the `stripe` library's
 * own test-header helper, POSTed to the server's endpoint. Timestamps follow the server's clock.
 */
export function stripeWebhooks(opts: { baseUrl: string; secret: string; nowMs: () => number }) {
  const stripe = new Stripe('sk_test_unused', { telemetry: false });
  let n = 0;
  const event = (
    type: string,
    object: Record<string, unknown>,
    id = `evt_${Date.now()}_${++n}`,
    account?: string,
  ) =>
    JSON.stringify({
      id,
      object: 'event',
      ...(account && { account }),
      type,
      created: Math.floor(opts.nowMs() / 1000),
      livemode: false,
      data: { object },
    });
  const deliver = async (payload: string, o: { secret?: string; timestamp?: number } = {}) => {
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: o.secret ?? opts.secret,
      timestamp: o.timestamp ?? Math.floor(opts.nowMs() / 1000),
    });
    const res = await fetch(`${opts.baseUrl}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return {
      status: res.status,
      json: (await res.json()) as {
        received?: boolean;
        outcome?: string;
        error?: { code: string; message: string };
      },
    };
  };
  return {
    event,
    deliver,
    send: (type: string, object: Record<string, unknown>) => deliver(event(type, object)),
    /** Stripe Connect: an event from a connected account (it carries `account`). */
    sendFrom: (account: string, type: string, object: Record<string, unknown>, secret?: string) =>
      deliver(event(type, object, undefined, account), secret ? { secret } : {}),
    succeeded: (intentId: string, orderId: string, amount: number, currency = 'gbp') => ({
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency,
      status: 'succeeded',
      metadata: { orderId },
      // As Stripe sends it: the charge by its id, not expanded.
      latest_charge: `ch_${intentId}`,
    }),
    /** A charge after refunds: its total refunded, and (as older API versions send) its refunds. */
    charge: (
      intentId: string,
      amount: number,
      amountRefunded: number,
      refunds?: Record<string, unknown>[],
    ) => ({
      id: `ch_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      amount,
      amount_refunded: amountRefunded,
      currency: 'gbp',
      refunded: amountRefunded >= amount,
      ...(refunds && { refunds: { object: 'list', data: refunds, has_more: false } }),
    }),
  };
}

function header(req: IncomingMessage, name: string) {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
