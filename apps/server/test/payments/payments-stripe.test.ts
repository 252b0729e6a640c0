import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { entries, paymentEvents, paymentIssues } from '../../src/db/schema/index.ts';
import {
  type StripeStandIn,
  type StripeWebhooks,
  startStripeTestServer,
} from '../support/stripe-stand-in.ts';
import { backends, type TestServer } from '../support/test-server.ts';
import { aCompetition, setCompetitionStatus, signedIn } from '../support/world.ts';

describe.each(backends())('Stripe payments on %s', (backend) => {
  let server: TestServer;
  let stand: StripeStandIn;
  let hooks: StripeWebhooks;
  let competitionId: string;

  beforeAll(async () => {
    ({ server, stand, hooks } = await startStripeTestServer(backend, { captureLog: true }));
    competitionId = (await aCompetition(server, { entryFeePence: 750, maxEntriesPerPlayer: 5 })).id;
  });
  afterAll(async () => {
    await server?.close();
    await stand?.close();
  });

  const player = (n = 1) => signedIn(server, `player${n}@redlion.test`);

  const activeEntries = async (orderId: string) =>
    (await server.db.select().from(entries).where(eq(entries.orderId, orderId))).filter(
      (e) => e.status === 'active',
    ).length;

  it('creates the PaymentIntent with the order amount, currency gbp, the order id and an idempotency key', async () => {
    const c = await player();
    const created = await c.post('/api/orders', { competitionId, entries: 2 });
    expect(created.status).toBe(201);
    expect(created.json.payment).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_lastman' });
    const call = stand.calls.find((x) => x.path === '/v1/payment_intents' && x.method === 'POST');
    expect(call).toBeDefined();
    expect(call?.form.get('amount')).toBe('1500');
    expect(call?.form.get('currency')).toBe('gbp');
    expect(call?.form.get('metadata[orderId]')).toBe(created.json.order.id);
    expect(call?.idempotencyKey).toBe(`order-${created.json.order.id}-1500-gbp`);
    expect(call?.authorization).toBe('Bearer sk_test_lastman');
    expect(created.json.payment.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
  });

  it('the same payment_intent.succeeded delivered 10 times at once activates the entries once', async () => {
    const c = await player();
    const created = await c.post('/api/orders', { competitionId, entries: 2 });
    const orderId = created.json.order.id;
    const intentId = created.json.payment.clientSecret.split('_secret_')[0];
    stand.markSucceeded(intentId);
    const payload = hooks.event(
      'payment_intent.succeeded',
      hooks.succeeded(intentId, orderId, 1500),
      `evt_dup_${backend}`,
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => hooks.deliver(payload)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json.outcome === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r.json.outcome === 'duplicate')).toHaveLength(9);
    expect(await activeEntries(orderId)).toBe(2);
    // The event names its charge by id only: the card's last four digits were asked of Stripe.
    expect((await c.get(`/api/orders/${orderId}`)).json).toMatchObject({ status: 'paid', cardLast4: '4242' });
    expect(stand.calls.some((x) => x.method === 'GET' && x.path === `/v1/payment_intents/${intentId}`)).toBe(
      true,
    );
    const recorded = await server.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, `evt_dup_${backend}`));
    expect(recorded).toHaveLength(1);

    // A failure arriving after the success changes nothing.
    const late = await hooks.send('payment_intent.payment_failed', {
      ...hooks.succeeded(intentId, orderId, 1500),
      status: 'requires_payment_method',
      last_payment_error: { message: 'declined' },
    });
    expect(late.status).toBe(200);
    expect((await c.get(`/api/orders/${orderId}`)).json.status).toBe('paid');
    expect(await activeEntries(orderId)).toBe(2);
  });

  it('refuses a bad signature and an old timestamp with 400, changing nothing', async () => {
    const c = await player(2);
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    const orderId = created.json.order.id;
    const intentId = created.json.payment.clientSecret.split('_secret_')[0];
    const payload = hooks.event('payment_intent.succeeded', hooks.succeeded(intentId, orderId, 750));

    const forged = await hooks.deliver(payload, { secret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    expect(forged.json.error?.message).toMatch(/signature/i);

    const stale = await hooks.deliver(payload, {
      timestamp: Math.floor(server.clock.now().getTime() / 1000) - 6 * 60,
    });
    expect(stale.status).toBe(400);
    expect(stale.json.error?.message).toBe('The webhook signature could not be verified.');

    const unsigned = await fetch(`${server.baseUrl}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await activeEntries(orderId)).toBe(0);
    expect((await c.get(`/api/orders/${orderId}`)).json.status).toBe('pending');
  });

  it("answers a webhook it cannot read with a fixed message, and keeps Stripe's reason for the log at warn", async () => {
    const before = server.log().length;
    const payload = hooks.event(
      'payment_intent.succeeded',
      hooks.succeeded('pi_nobody', crypto.randomUUID(), 750),
    );
    const forged = await hooks.deliver(payload, { secret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    expect(forged.json.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The webhook signature could not be verified.',
    });
    // Signed with the right secret, but no JSON: the parser's words (with the body in them) stay here.
    const malformed = await hooks.deliver('{"id": "evt_broken", <script>alert(1)</script>');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The webhook body is not a Stripe event.',
    });
    const garbage = await fetch(`${server.baseUrl}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 'v1=<script>' },
      body: 'not json',
    });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { error: unknown }).error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The webhook signature could not be verified.',
    });

    const logged = server.log().slice(before);
    const warnings = logged.filter((e) => e.level === 40).map((e) => JSON.stringify(e));
    expect(warnings.some((w) => w.includes('No signatures found matching the expected signature'))).toBe(
      true,
    );
    expect(warnings.some((w) => w.includes('JSON'))).toBe(true);
    expect(logged.filter((e) => e.level >= 50)).toEqual([]);
  });

  it('a mismatched amount or currency activates nothing and is listed for the admin', async () => {
    const c = await player(3);
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    const orderId = created.json.order.id;
    const intentId = created.json.payment.clientSecret.split('_secret_')[0];
    expect(
      (await hooks.send('payment_intent.succeeded', hooks.succeeded(intentId, orderId, 100))).json.outcome,
    ).toBe('amount_mismatch');
    expect(
      (await hooks.send('payment_intent.succeeded', hooks.succeeded(intentId, orderId, 750, 'eur'))).json
        .outcome,
    ).toBe('amount_mismatch');
    expect(await activeEntries(orderId)).toBe(0);
    const issues = await server.db.select().from(paymentIssues).where(eq(paymentIssues.orderId, orderId));
    expect(issues.map((i) => i.kind)).toEqual(['amount_mismatch', 'amount_mismatch']);
    const admin = await signedIn(server, 'admin@redlion.test');
    const listed = await admin.get('/api/admin/payment-issues');
    expect(listed.json.issues.some((i: { orderId: string }) => i.orderId === orderId)).toBe(true);
  });

  it('a payment that succeeds after its order expired is honoured while the competition is open', async () => {
    const c = await player(4);
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    const orderId = created.json.order.id;
    const intentId = created.json.payment.clientSecret.split('_secret_')[0];
    server.clock.advance(31 * 60 * 1000);
    await c.post('/api/orders', { competitionId, entries: 1 }); // sweeps the expired order
    expect((await c.get(`/api/orders/${orderId}`)).json.status).toBe('expired');
    const res = await hooks.send('payment_intent.succeeded', hooks.succeeded(intentId, orderId, 750));
    expect(res.json.outcome).toBe('paid_late');
    expect((await c.get(`/api/orders/${orderId}`)).json.status).toBe('paid');
    expect(await activeEntries(orderId)).toBe(1);
  });

  it('a late payment is refunded automatically when the competition has closed', async () => {
    const closing = await aCompetition(server, { name: 'Closing soon', entryFeePence: 300 });
    const c = await player(5);
    const created = await c.post('/api/orders', { competitionId: closing.id, entries: 1 });
    const orderId = created.json.order.id;
    const intentId = created.json.payment.clientSecret.split('_secret_')[0];
    server.clock.advance(31 * 60 * 1000);
    await c.post('/api/orders', { competitionId: closing.id, entries: 1 });
    await setCompetitionStatus(server, { competition: closing, status: 'running' });

    const before = stand.calls.filter((x) => x.path === '/v1/refunds').length;
    const res = await hooks.send('payment_intent.succeeded', hooks.succeeded(intentId, orderId, 300));
    expect(res.json.outcome).toBe('late_payment_refunding');
    const refundCalls = stand.calls.filter((x) => x.path === '/v1/refunds');
    expect(refundCalls.length).toBe(before + 1);
    expect(refundCalls.at(-1)?.form.get('amount')).toBe('300');
    expect(refundCalls.at(-1)?.form.get('payment_intent')).toBe(intentId);
    const order = (await c.get(`/api/orders/${orderId}`)).json;
    expect(order.status).toBe('refunded');
    expect(order.refundedPence).toBe(300);
    expect(await activeEntries(orderId)).toBe(0);
  });

  it('admin refunds go through Stripe with an idempotency key, and charge.refunded is mirrored once', async () => {
    const c = await player();
    const created = await c.post('/api/orders', { competitionId, entries: 2 });
    const orderId = created.json.order.id;
    const intentId = created.json.payment.clientSecret.split('_secret_')[0];
    await hooks.send('payment_intent.succeeded', hooks.succeeded(intentId, orderId, 1500));
    const admin = await signedIn(server, 'admin@redlion.test');
    const entryId = created.json.order.entries[1].id;
    const refunded = await admin.post(`/api/admin/orders/${orderId}/refunds`, { entryIds: [entryId] });
    expect(refunded.json).toMatchObject({ status: 'partially_refunded', refundedPence: 750 });
    const call = stand.calls.filter((x) => x.path === '/v1/refunds').at(-1);
    expect(call?.form.get('amount')).toBe('750');
    expect(call?.idempotencyKey).toBe(`refund-${orderId}-${entryId}`);

    const mirrored = await hooks.send('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intentId,
      amount: 1500,
      amount_refunded: 750,
      currency: 'gbp',
    });
    expect(mirrored.json.outcome).toBe('already_recorded');
    const full = await hooks.send('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intentId,
      amount: 1500,
      amount_refunded: 1500,
      currency: 'gbp',
    });
    expect(full.json.outcome).toBe('refunded_outside_app');
    expect((await c.get(`/api/orders/${orderId}`)).json.status).toBe('refunded');
  });

  it('with Stripe configured the test provider never runs', async () => {
    const c = await player(2);
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    const res = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(res.status).toBe(403);
    expect((await c.get('/api/config')).json.testPayments).toBe(false);
  });
});

describe('payment configuration', () => {
  it('PAYMENTS_REQUIRE_STRIPE without keys stops start-up', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENTS_REQUIRE_STRIPE: 'true' })).toThrow(
      /PAYMENTS_REQUIRE_STRIPE/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        STRIPE_SECRET_KEY: 'nope',
        STRIPE_PUBLISHABLE_KEY: 'pk_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toThrow(/STRIPE_SECRET_KEY/);
  });
});
