import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { clubStripeAccounts, entries, paymentEvents } from '../../src/db/schema/index.ts';
import { seasonId } from '../support/game-helpers.ts';
import type { HttpClient } from '../support/http-client.ts';
import {
  type StripeStandIn,
  type StripeWebhooks,
  startStripeTestServer,
} from '../support/stripe-stand-in.ts';
import { backends, type TestServer } from '../support/test-server.ts';
import { aClub, aCompetition, aMember, demoClub, signedIn } from '../support/world.ts';

const CONNECT_SECRET = 'whsec_connect_endpoint_secret_for_tests';

describe.each(backends())('Stripe Connect on %s', (backend) => {
  let server: TestServer;
  let stand: StripeStandIn;
  let hooks: StripeWebhooks;
  let adminA: HttpClient;
  let adminB: HttpClient;
  let playerB: HttpClient;
  let clubB: { id: string };
  let accountA: string;
  let accountB: string;

  beforeAll(async () => {
    ({ server, stand, hooks } = await startStripeTestServer(backend, {
      now: '2024-08-10T12:00:00Z',
      env: {
        STRIPE_CONNECT: 'true',
        STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
        STRIPE_APPLICATION_FEE_PERCENT: '5',
      },
    }));
    adminA = await signedIn(server, 'admin@redlion.test');
    const kings = await aClub(server);
    clubB = kings;
    adminB = (await aMember(server, { club: kings, role: 'admin', email: 'boss@kings.test' })).client;
    playerB = (await aMember(server, { club: kings, email: 'player@kings.test' })).client;
  });
  afterAll(async () => {
    await server?.close();
    await stand?.close();
  });

  const activeEntries = async (orderId: string) =>
    (await server.db.select().from(entries).where(eq(entries.orderId, orderId))).filter(
      (e) => e.status === 'active',
    ).length;

  it('a club without a connected account cannot open a paid competition, and is told why', async () => {
    const state = await adminB.get('/api/admin/stripe-account');
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({ mode: 'connect', accountId: null, canTakePayments: false });
    expect(state.json.message).toMatch(/Connect your club's Stripe account/);

    const season = await seasonId(server);
    const paid = await adminB.post('/api/admin/competitions', {
      name: 'Kings paid',
      seasonId: season,
      startRound: 1,
      prizeModel: 'pool',
      entryFeePence: 500,
    });
    expect(paid.status).toBe(201);
    const refused = await adminB.post(`/api/admin/competitions/${paid.json.competition.id}/open`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('CLUB_PAYMENTS_NOT_READY');
    expect(refused.json.error.message).toMatch(/not connected a Stripe account/);

    // A free competition opens as ever.
    const free = await adminB.post('/api/admin/competitions', {
      name: 'Kings free',
      seasonId: season,
      startRound: 1,
      prizeModel: 'free',
      prizePence: 2000,
    });
    expect((await adminB.post(`/api/admin/competitions/${free.json.competition.id}/open`)).status).toBe(200);
  });

  it('onboarding creates the club its own account and gives Stripe’s hosted link; account.updated enables it', async () => {
    const link = await adminB.post('/api/admin/stripe-account/onboarding');
    expect(link.status).toBe(200);
    expect(link.json.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const created = stand.calls.find((c) => c.path === '/v1/accounts' && c.method === 'POST');
    expect(created?.form.get('metadata[clubId]')).toBe(clubB.id);
    expect(created?.idempotencyKey).toBe(`club-account-${clubB.id}`);
    const linkCall = stand.calls.find((c) => c.path === '/v1/account_links');
    expect(linkCall?.form.get('type')).toBe('account_onboarding');
    expect(linkCall?.form.get('return_url')).toBe(`${server.baseUrl}/admin?stripe=return`);

    // Asking again reuses the account.
    await adminB.post('/api/admin/stripe-account/onboarding');
    expect(stand.accounts.size).toBe(1);
    const state = (await adminB.get('/api/admin/stripe-account')).json;
    accountB = state.accountId;
    expect(state).toMatchObject({ detailsSubmitted: false, chargesEnabled: false, canTakePayments: false });
    expect(state.message).toMatch(/Finish setting up/);

    // Stripe tells us (from the connected account, on the Connect endpoint) the account is enabled.
    const account = stand.setAccount(accountB, {
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
    });
    const res = await hooks.sendFrom(accountB, 'account.updated', account ?? {}, CONNECT_SECRET);
    expect(res.json.outcome).toBe('account_updated');
    const after = (await adminB.get('/api/admin/stripe-account')).json;
    expect(after).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: false,
      detailsSubmitted: true,
      canTakePayments: true,
    });
    // Payouts follow through the refresh route, which asks Stripe.
    stand.setAccount(accountB, { payouts_enabled: true });
    const refreshed = await adminB.post('/api/admin/stripe-account/refresh');
    expect(refreshed.json).toMatchObject({ payoutsEnabled: true });
    const [row] = await server.db
      .select()
      .from(clubStripeAccounts)
      .where(eq(clubStripeAccounts.clubId, clubB.id));
    expect(row).toMatchObject({ accountId: accountB, chargesEnabled: true, payoutsEnabled: true });

    // Another club's admin sees its own (none), never club B's.
    const a = (await adminA.get('/api/admin/stripe-account')).json;
    expect(a.accountId).toBeNull();
  });

  it("a payment on club B's account is created there with the platform fee, and activates club B's entries only", async () => {
    // Club A connects too, so two connected accounts exist.
    await adminA.post('/api/admin/stripe-account/onboarding');
    accountA = (await adminA.get('/api/admin/stripe-account')).json.accountId;
    const enabled = stand.setAccount(accountA, { charges_enabled: true, details_submitted: true });
    await hooks.sendFrom(accountA, 'account.updated', enabled ?? {}, CONNECT_SECRET);
    expect(accountA).not.toBe(accountB);

    const compB = await aCompetition(server, { clubId: clubB.id, name: 'Kings LMS', entryFeePence: 1000 });
    const compA = await aCompetition(server, {
      clubId: (await demoClub(server)).id,
      entryFeePence: 1000,
    });
    const orderB = await playerB.post('/api/orders', { competitionId: compB.id, entries: 2 });
    expect(orderB.status).toBe(201);
    expect(orderB.json.payment).toMatchObject({ provider: 'stripe', stripeAccount: accountB });
    const call = stand.calls.filter((c) => c.path === '/v1/payment_intents' && c.method === 'POST').at(-1);
    expect(call?.stripeAccount).toBe(accountB);
    expect(call?.form.get('amount')).toBe('2000');
    expect(call?.form.get('application_fee_amount')).toBe('100');

    const playerA = await signedIn(server, 'player1@redlion.test');
    const orderA = await playerA.post('/api/orders', { competitionId: compA.id, entries: 1 });
    expect(orderA.json.payment.stripeAccount).toBe(accountA);

    const intentB = orderB.json.payment.clientSecret.split('_secret_')[0];
    const intentA = orderA.json.payment.clientSecret.split('_secret_')[0];
    stand.markSucceeded(intentB);

    // The same order's success claimed from club A's account changes nothing.
    const wrong = await hooks.sendFrom(
      accountA,
      'payment_intent.succeeded',
      hooks.succeeded(intentB, orderB.json.order.id, 2000),
      CONNECT_SECRET,
    );
    expect(wrong.json.outcome).toBe('wrong_account');
    expect(await activeEntries(orderB.json.order.id)).toBe(0);

    // From an account no club has: nothing.
    const stranger = await hooks.sendFrom(
      'acct_nobody',
      'payment_intent.succeeded',
      hooks.succeeded(intentB, orderB.json.order.id, 2000),
      CONNECT_SECRET,
    );
    expect(stranger.json.outcome).toBe('unknown_account');

    // From club B's account: matched to club B, its entries activate; club A's order is untouched.
    const payload = hooks.event(
      'payment_intent.succeeded',
      hooks.succeeded(intentB, orderB.json.order.id, 2000),
      `evt_connect_${backend}`,
      accountB,
    );
    const results = await Promise.all(
      [1, 2, 3].map(() => hooks.deliver(payload, { secret: CONNECT_SECRET })),
    );
    expect(results.map((r) => r.json.outcome).sort()).toEqual(['duplicate', 'duplicate', 'paid']);
    expect(await activeEntries(orderB.json.order.id)).toBe(2);
    expect((await playerB.get(`/api/orders/${orderB.json.order.id}`)).json.status).toBe('paid');
    expect(await activeEntries(orderA.json.order.id)).toBe(0);
    expect((await playerA.get(`/api/orders/${orderA.json.order.id}`)).json.status).toBe('pending');
    const [recorded] = await server.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, `evt_connect_${backend}`));
    expect(recorded).toMatchObject({ account: accountB, orderId: orderB.json.order.id, outcome: 'paid' });
    expect(intentA).not.toBe(intentB);
  });

  it("refunds and disputes go through the club's own account", async () => {
    const compB = await aCompetition(server, { clubId: clubB.id, name: 'Kings refunds', entryFeePence: 600 });
    const order = await playerB.post('/api/orders', { competitionId: compB.id, entries: 2 });
    const orderId = order.json.order.id;
    const intent = order.json.payment.clientSecret.split('_secret_')[0];
    stand.markSucceeded(intent);
    await hooks.sendFrom(
      accountB,
      'payment_intent.succeeded',
      hooks.succeeded(intent, orderId, 1200),
      CONNECT_SECRET,
    );
    const refunded = await adminB.post(`/api/admin/orders/${orderId}/refunds`, {
      entryIds: [order.json.order.entries[0].id],
    });
    expect(refunded.status).toBe(200);
    expect(refunded.json).toMatchObject({ status: 'partially_refunded', refundedPence: 600 });
    const call = stand.calls.filter((c) => c.path === '/v1/refunds').at(-1);
    expect(call?.stripeAccount).toBe(accountB);
    expect(call?.form.get('refund_application_fee')).toBe('true');

    // Club A's admin cannot refund club B's order.
    expect(
      (
        await adminA.post(`/api/admin/orders/${orderId}/refunds`, {
          entryIds: [order.json.order.entries[1].id],
        })
      ).status,
    ).toBe(404);

    const dispute = await hooks.sendFrom(
      accountB,
      'charge.dispute.created',
      { id: 'dp_1', object: 'dispute', payment_intent: intent, amount: 600, reason: 'fraudulent' },
      CONNECT_SECRET,
    );
    expect(dispute.json.outcome).toBe('dispute_recorded');
    const issues = (await adminB.get('/api/admin/payment-issues')).json.issues;
    expect(
      issues.some((i: { kind: string; orderId: string }) => i.kind === 'dispute' && i.orderId === orderId),
    ).toBe(true);
    expect(
      (await adminA.get('/api/admin/payment-issues')).json.issues.some(
        (i: { orderId: string }) => i.orderId === orderId,
      ),
    ).toBe(false);
  });

  it('a club whose account Stripe disables can take no new entries, and sees why', async () => {
    const compB = await aCompetition(server, { clubId: clubB.id, name: 'Kings later', entryFeePence: 500 });
    const disabled = stand.setAccount(accountB, { charges_enabled: false });
    await hooks.sendFrom(accountB, 'account.updated', disabled ?? {}, CONNECT_SECRET);
    const refused = await playerB.post('/api/orders', { competitionId: compB.id, entries: 1 });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('CLUB_PAYMENTS_NOT_READY');
    expect((await adminB.get('/api/admin/stripe-account')).json.canTakePayments).toBe(false);
  });
});

describe('Stripe Connect configuration', () => {
  it('STRIPE_CONNECT without Stripe keys stops start-up; no keys keeps the test provider', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_CONNECT: 'true' })).toThrow(/STRIPE_CONNECT/);
    expect(loadConfig({ NODE_ENV: 'test' }).STRIPE_CONNECT).toBe(false);
  });
});
