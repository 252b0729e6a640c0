import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, paymentEvents, paymentIssues, refunds } from '../../src/db/schema/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { startPaymentsWorker } from '../../src/domains/payments/provider/worker.ts';
import { ROUND1_DEADLINE } from '../support/game-helpers.ts';
import type { HttpClient } from '../support/http-client.ts';
import {
  type StripeStandIn,
  type StripeWebhooks,
  startStripeTestServer,
} from '../support/stripe-stand-in.ts';
import { backends, type TestServer } from '../support/test-server.ts';
import { aCompetition, otherClubAdmin, signedIn } from '../support/world.ts';

/**
 * Refunds and the rest of the payment life cycle against the Stripe stand-in: refunds that race
 * Stripe's own events, refunds made in Stripe's dashboard, refunds that fail, disputes, cancelled and
 * expired intents, Stripe being down, payments for closed competitions and automatic refunds.
 */
describe.each(backends())('refunds and payment events on %s', (backend) => {
  let server: TestServer;
  let stand: StripeStandIn;
  let hooks: StripeWebhooks;
  let admin: HttpClient;

  beforeAll(async () => {
    // Before the 2024-25 season's first deadline, so competitions starting in round 1 are open.
    ({ server, stand, hooks } = await startStripeTestServer(backend, { now: '2024-08-10T12:00:00Z' }));
    admin = await signedIn(server, 'admin@redlion.test');
  });
  afterAll(async () => {
    await server?.close();
    await stand?.close();
  });

  const player = (n: number) => signedIn(server, `player${n}@redlion.test`);
  const competition = (name: string, values: Parameters<typeof aCompetition>[1] = {}) =>
    // Round 20 locks in January 2025: these stay open whatever the clock does in this file.
    aCompetition(server, { name, entryFeePence: 750, maxEntriesPerPlayer: 5, startRound: 20, ...values });

  async function order(c: HttpClient, competitionId: string, n: number) {
    const created = await c.post('/api/orders', { competitionId, entries: n });
    expect(created.status).toBe(201);
    return {
      orderId: created.json.order.id as string,
      intentId: (created.json.payment.clientSecret as string).split('_secret_')[0] as string,
      entryIds: created.json.order.entries.map((e: { id: string }) => e.id) as string[],
      amount: created.json.order.amountPence as number,
    };
  }
  async function paidOrder(c: HttpClient, competitionId: string, n: number) {
    const o = await order(c, competitionId, n);
    stand.markSucceeded(o.intentId);
    const res = await hooks.send(
      'payment_intent.succeeded',
      hooks.succeeded(o.intentId, o.orderId, o.amount),
    );
    expect(res.json.outcome).toBe('paid');
    return o;
  }
  const entryStatuses = async (orderId: string) =>
    (await server.db.select().from(entries).where(eq(entries.orderId, orderId)))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((e) => e.status);
  const refundRows = (orderId: string) =>
    server.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const issuesOf = (orderId: string) =>
    server.db.select().from(paymentIssues).where(eq(paymentIssues.orderId, orderId));
  /** Refund emails about one order, once every background email has gone out. */
  const refundEmails = async (to: string, orderId: string) => {
    await server.app.services.mailer.flush();
    return server.smtp.received.filter(
      // Emails name the order by its short number.
      (m) =>
        m.to.includes(to) && /^Refund/.test(m.subject) && m.text.includes(orderId.slice(0, 8).toUpperCase()),
    );
  };

  it('charge.refunded arriving while an admin partial refund is being written counts it once', async () => {
    const comp = await competition('Race partial');
    const c = await player(1);
    const o = await paidOrder(c, comp.id, 2);
    const seen: (string | undefined)[] = [];
    // Stripe's event reaches the server before Stripe has even answered our refund request.
    const onRefund = async () => {
      seen.push((await hooks.send('charge.refunded', hooks.charge(o.intentId, 1500, 750))).json.outcome);
    };
    await stand.using({ onRefund }, async () => {
      const refunded = await admin.post(`/api/admin/orders/${o.orderId}/refunds`, {
        entryIds: [o.entryIds[1]],
        reason: 'Asked before the start',
      });
      expect(refunded.status).toBe(200);
      expect(refunded.json).toMatchObject({ status: 'partially_refunded', refundedPence: 750 });
    });
    expect(seen).toEqual(['refund_confirmed']);
    expect(await entryStatuses(o.orderId)).toEqual(['active', 'refunded']);
    const rows = await refundRows(o.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountPence: 750, entryIds: [o.entryIds[1]] });
    expect(rows[0]?.providerRefundId).toMatch(/^re_/);
    // The refund carried the order and its entries to Stripe.
    const call = stand.calls.filter((x) => x.path === '/v1/refunds').at(-1);
    expect(call?.form.get('metadata[orderId]')).toBe(o.orderId);
    expect(call?.form.get('metadata[entryIds]')).toBe(o.entryIds[1]);
    expect(call?.form.get('metadata[refundId]')).toBe(rows[0]?.id);
    expect(await refundEmails('player1@redlion.test', o.orderId)).toHaveLength(1);
  });

  it('charge.refunded (with its refunds) arriving during a full admin refund counts it once', async () => {
    const comp = await competition('Race full');
    const c = await player(2);
    const o = await paidOrder(c, comp.id, 2);
    const seen: (string | undefined)[] = [];
    const onRefund = async (refund: Record<string, unknown>) => {
      seen.push(
        (await hooks.send('charge.refunded', hooks.charge(o.intentId, 1500, 1500, [refund]))).json.outcome,
      );
    };
    await stand.using({ onRefund }, async () => {
      const refunded = await admin.post(`/api/admin/orders/${o.orderId}/refunds`, {});
      expect(refunded.json).toMatchObject({ status: 'refunded', refundedPence: 1500 });
    });
    expect(seen).toEqual(['refund_confirmed']);
    expect(await entryStatuses(o.orderId)).toEqual(['refunded', 'refunded']);
    const rows = await refundRows(o.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountPence: 1500 });
    // A late copy of the event, and refund.updated, change nothing.
    const replay = await hooks.send('charge.refunded', hooks.charge(o.intentId, 1500, 1500));
    expect(replay.json.outcome).toBe('already_recorded');
    const updated = await hooks.send('refund.updated', {
      ...(stand.refunds.get(rows[0]?.providerRefundId ?? '') ?? {}),
    });
    expect(updated.json.outcome).toBe('already_recorded');
    expect(await refundRows(o.orderId)).toHaveLength(1);
    expect(await refundEmails('player2@redlion.test', o.orderId)).toHaveLength(1);
  });

  it("a refund made in Stripe's dashboard is written as a refund and takes its entries out", async () => {
    const comp = await competition('Dashboard refunds');
    const c = await player(3);
    const o = await paidOrder(c, comp.id, 2);
    const dashboard = {
      id: 're_dashboard_1',
      object: 'refund',
      amount: 750,
      status: 'succeeded',
      metadata: {},
    };
    const partial = await hooks.send('charge.refunded', hooks.charge(o.intentId, 1500, 750, [dashboard]));
    expect(partial.json.outcome).toBe('partially_refunded_outside_app');
    let view = (await c.get(`/api/orders/${o.orderId}`)).json;
    expect(view).toMatchObject({ status: 'partially_refunded', refundedPence: 750 });
    expect(view.refunds).toHaveLength(1);
    expect(await entryStatuses(o.orderId)).toEqual(['active', 'refunded']);
    expect((await issuesOf(o.orderId)).map((i) => i.kind)).toEqual(['refund_outside_app']);
    // Another delivery saying the same total adds nothing.
    const again = await hooks.send('charge.refunded', hooks.charge(o.intentId, 1500, 750));
    expect(again.json.outcome).toBe('already_recorded');

    // The rest, refunded in the dashboard too, seen only as the charge's total.
    const rest = await hooks.send('charge.refunded', hooks.charge(o.intentId, 1500, 1500));
    expect(rest.json.outcome).toBe('refunded_outside_app');
    view = (await c.get(`/api/orders/${o.orderId}`)).json;
    expect(view).toMatchObject({ status: 'refunded', refundedPence: 1500 });
    expect(await entryStatuses(o.orderId)).toEqual(['refunded', 'refunded']);
    const rows = await refundRows(o.orderId);
    expect(rows.map((r) => r.amountPence).sort()).toEqual([750, 750]);
    expect(rows.every((r) => r.status === 'succeeded' && r.entryIds.length === 1)).toBe(true);
    // One receipt per refund.
    expect(await refundEmails('player3@redlion.test', o.orderId)).toHaveLength(2);
  });

  it('a refund that fails after Stripe accepted it is owed again, listed, and can be retried', async () => {
    const comp = await competition('Failing refund');
    const c = await player(4);
    const o = await paidOrder(c, comp.id, 1);
    const first = await admin.post(`/api/admin/orders/${o.orderId}/refunds`, {});
    expect(first.json).toMatchObject({ status: 'refunded', refundedPence: 750 });
    const [row] = await refundRows(o.orderId);
    const refund = stand.refunds.get(row?.providerRefundId ?? '');
    const failed = await hooks.send('refund.failed', {
      ...refund,
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(failed.json.outcome).toBe('refund_failed');
    const view = (await c.get(`/api/orders/${o.orderId}`)).json;
    expect(view).toMatchObject({ status: 'paid', refundedPence: 0 });
    expect(view.refunds[0]).toMatchObject({ status: 'failed', failureReason: 'expired or canceled card' });
    // The entry stays out of the game; the money owed is listed for the admin.
    expect(await entryStatuses(o.orderId)).toEqual(['refunded']);
    const listed = (await admin.get('/api/admin/payment-issues')).json.issues;
    expect(listed.find((i: { orderId: string }) => i.orderId === o.orderId)).toMatchObject({
      kind: 'refund_failed',
    });

    const retry = await admin.post(`/api/admin/orders/${o.orderId}/refunds`, {});
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ status: 'refunded', refundedPence: 750 });
    const key = stand.calls.filter((x) => x.path === '/v1/refunds').at(-1)?.idempotencyKey;
    expect(key).toBe(`refund-${o.orderId}-${o.entryIds[0]}-r2`);
  });

  it('a refund Stripe refuses changes nothing and is listed for the admin', async () => {
    const comp = await competition('Refused refund');
    const c = await player(5);
    const o = await paidOrder(c, comp.id, 1);
    await stand.using({ refundStatus: 'failed' }, async () => {
      const refused = await admin.post(`/api/admin/orders/${o.orderId}/refunds`, {});
      expect(refused.status).toBe(409);
      expect(refused.json.error.message).toMatch(/refused.*payments needing attention/);
    });
    expect((await c.get(`/api/orders/${o.orderId}`)).json).toMatchObject({
      status: 'paid',
      refundedPence: 0,
    });
    expect(await entryStatuses(o.orderId)).toEqual(['active']);
    expect((await issuesOf(o.orderId)).map((i) => i.kind)).toEqual(['refund_failed']);
  });

  it('a dispute is listed for the admin; a cancelled intent fails its pending order', async () => {
    const comp = await competition('Disputes and cancels');
    const c = await player(1);
    const paid = await paidOrder(c, comp.id, 1);
    const dispute = await hooks.send('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      amount: 750,
      currency: 'gbp',
      charge: `ch_${paid.intentId}`,
      payment_intent: paid.intentId,
      reason: 'fraudulent',
      status: 'needs_response',
      evidence_details: { due_by: Math.floor(Date.parse('2024-08-20T12:00:00Z') / 1000) },
    });
    expect(dispute.json.outcome).toBe('dispute_recorded');
    const issues = (await admin.get('/api/admin/payment-issues')).json.issues;
    const listed = issues.find((i: { orderId: string }) => i.orderId === paid.orderId);
    expect(listed.kind).toBe('dispute');
    expect(listed.detail).toMatch(/£7\.50.*fraudulent/);

    const pending = await order(c, comp.id, 2);
    const canceled = await hooks.send('payment_intent.canceled', {
      id: pending.intentId,
      object: 'payment_intent',
      amount: 1500,
      amount_received: 0,
      currency: 'gbp',
      status: 'canceled',
      metadata: { orderId: pending.orderId },
    });
    expect(canceled.json.outcome).toBe('canceled');
    expect((await c.get(`/api/orders/${pending.orderId}`)).json).toMatchObject({
      status: 'failed',
      entries: [],
    });
  });

  it('expiring an order cancels its PaymentIntent at Stripe', async () => {
    const comp = await competition('Expiring');
    const c = await player(2);
    const o = await order(c, comp.id, 1);
    server.clock.advance(31 * 60_000);
    const worker = startPaymentsWorker(server.app.services, server.app.log, 3_600_000);
    await worker.pass();
    await worker.stop();
    expect((await c.get(`/api/orders/${o.orderId}`)).json.status).toBe('expired');
    const cancel = stand.calls.find((x) => x.path === `/v1/payment_intents/${o.intentId}/cancel`);
    expect(cancel?.method).toBe('POST');
    expect(stand.intents.get(o.intentId)?.status).toBe('canceled');
  });

  it('answers 503 and records nothing when Stripe cannot be reached to check a failure', async () => {
    const comp = await competition('Stripe down');
    const c = await player(3);
    const o = await order(c, comp.id, 1);
    const payload = hooks.event(
      'payment_intent.payment_failed',
      {
        ...hooks.succeeded(o.intentId, o.orderId, 750),
        amount_received: 0,
        status: 'requires_payment_method',
        last_payment_error: { message: 'Your card was declined.' },
      },
      `evt_down_${backend}`,
    );
    await stand.using({ failing: { path: /^\/v1\/payment_intents\/pi_/, status: 500 } }, async () => {
      const down = await hooks.deliver(payload);
      expect(down.status).toBe(503);
      // Stripe's own words about the failure stay in the log.
      expect(down.json.error?.message).toMatch(/^Stripe could not be reached.*deliver it again\.$/);
    });
    expect(
      await server.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, `evt_down_${backend}`)),
    ).toEqual([]);
    expect((await c.get(`/api/orders/${o.orderId}`)).json.status).toBe('pending');
    // Stripe's retry, once it answers again, is applied.
    const retried = await hooks.deliver(payload);
    expect(retried.json.outcome).toBe('failed');
    expect((await c.get(`/api/orders/${o.orderId}`)).json.status).toBe('failed');
  });

  it('three failed attempts on one order are listed as payment_failed', async () => {
    const comp = await competition('Card trouble');
    const c = await player(4);
    const o = await order(c, comp.id, 1);
    const failure = {
      ...hooks.succeeded(o.intentId, o.orderId, 750),
      amount_received: 0,
      status: 'requires_payment_method',
      last_payment_error: { message: 'Your card was declined.' },
    };
    for (let i = 0; i < 3; i++) await hooks.send('payment_intent.payment_failed', failure);
    const issues = await issuesOf(o.orderId);
    expect(issues.map((i) => i.kind)).toEqual(['payment_failed']);
    expect(issues[0]?.detail).toMatch(/3 card payments.*declined/);
  });

  it('admins resolve payment issues of their own club; resolved ones leave the default list', async () => {
    const [issue] = await server.db.select().from(paymentIssues).limit(1);
    if (!issue) throw new Error('the tests above leave issues');
    const c = await player(1);
    expect((await c.post(`/api/admin/payment-issues/${issue.id}/resolve`, {})).status).toBe(403);

    // An admin of another club cannot see it.
    const other = await otherClubAdmin(server, 'Other Admin', 'other-admin@example.com');
    expect((await other.post(`/api/admin/payment-issues/${issue.id}/resolve`, {})).status).toBe(404);

    const bad = await admin.post(`/api/admin/payment-issues/${issue.id}/resolve`, { note: 'x'.repeat(1001) });
    expect(bad.status).toBe(400);
    const resolved = await admin.post(`/api/admin/payment-issues/${issue.id}/resolve`, {
      note: 'Paid back in cash',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ id: issue.id, resolutionNote: 'Paid back in cash' });
    expect(resolved.json.resolvedAt).not.toBeNull();
    const open = (await admin.get('/api/admin/payment-issues')).json.issues;
    expect(open.some((i: { id: string }) => i.id === issue.id)).toBe(false);
    const all = (await admin.get('/api/admin/payment-issues?status=all')).json.issues;
    expect(all.some((i: { id: string }) => i.id === issue.id)).toBe(true);
    expect((await admin.post('/api/admin/payment-issues/nope/resolve', {})).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/admin/payment-issues/${unknown}/resolve`, {})).status).toBe(404);
  });

  it('a pending order paid after the first round locked is refunded; its entries never play', async () => {
    server.clock.set('2024-08-10T12:00:00Z');
    const comp = await aCompetition(server, {
      name: 'Locked before paying',
      entryFeePence: 500,
      startRound: 1,
      minEntries: 2,
    });
    const early = await player(1);
    await paidOrder(early, comp.id, 2);
    const late = await player(2);
    const o = await order(late, comp.id, 2);
    const potOf = async () =>
      (await late.get('/api/competitions')).json.competitions.find((x: { id: string }) => x.id === comp.id)
        .potPence;
    const potBefore = await potOf();

    server.clock.set(new Date(Date.parse(ROUND1_DEADLINE) + 60_000));
    await runSettlementPass(server);
    expect((await admin.get(`/api/competitions/${comp.id}`)).json.competition.status).toBe('running');

    stand.markSucceeded(o.intentId);
    const paid = await hooks.send('payment_intent.succeeded', hooks.succeeded(o.intentId, o.orderId, 1000));
    expect(paid.json.outcome).toBe('late_payment_refunding');
    const view = (await late.get(`/api/orders/${o.orderId}`)).json;
    expect(view).toMatchObject({ status: 'refunded', refundedPence: 1000 });
    expect(view.entries).toEqual([]);
    expect(await potOf()).toBe(potBefore);
    const call = stand.calls.filter((x) => x.path === '/v1/refunds').at(-1);
    expect(call).toMatchObject({ idempotencyKey: `late-${o.orderId}` });
    expect(call?.form.get('amount')).toBe('1000');
    await server.app.services.mailer.flush();
    const mail = server.smtp.received.filter(
      (m) => m.to.includes('player2@redlion.test') && m.text.includes(o.orderId.slice(0, 8).toUpperCase()),
    );
    expect(mail.map((m) => m.subject)).toEqual(['Refund: Locked before paying']);
  });

  it('a paid competition short of its minimum at the first deadline is cancelled and refunds every paid entry', async () => {
    server.clock.set('2024-08-10T12:00:00Z');
    const comp = await aCompetition(server, {
      name: 'Too few',
      entryFeePence: 400,
      startRound: 1,
      minEntries: 4,
      maxEntriesPerPlayer: 3,
    });
    const a = await paidOrder(await player(3), comp.id, 2);
    const b = await paidOrder(await player(4), comp.id, 1);

    server.clock.set(new Date(Date.parse(ROUND1_DEADLINE) + 60_000));
    await runSettlementPass(server);
    const [row] = await server.db
      .select({ n: entries.id })
      .from(entries)
      .where(and(eq(entries.competitionId, comp.id), eq(entries.status, 'active')));
    expect(row).toBeUndefined();

    const refundCalls = () => stand.calls.filter((x) => x.path === '/v1/refunds').length;
    const before = refundCalls();
    const worker = startPaymentsWorker(server.app.services, server.app.log, 3_600_000);
    await worker.pass();
    await worker.pass();
    await worker.stop();
    expect(refundCalls()).toBe(before + 2);
    for (const [o, n] of [
      [a, 3],
      [b, 4],
    ] as const) {
      const view = (await admin.get(`/api/orders/${o.orderId}`)).json;
      expect(view).toMatchObject({ status: 'refunded', refundedPence: o.amount });
      expect(view.entries.every((e: { status: string }) => e.status === 'refunded')).toBe(true);
      const mails = await refundEmails(`player${n}@redlion.test`, o.orderId);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toMatch(/cancelled/);
    }
    expect(stand.calls.filter((x) => x.idempotencyKey === `cancel-${a.orderId}-0`)).toHaveLength(1);
  });
});
