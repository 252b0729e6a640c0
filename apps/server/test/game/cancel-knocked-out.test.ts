import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entries, orders } from '../../src/db/schema/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { refundCancelledCompetitions } from '../../src/domains/payments/orders/service.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, signedIn } from '../support/world.ts';

/**
 * A cancelled competition refunds every paid entry: one the club knocked out too (the player paid
 * for it), by card or in cash, whether an admin cancels it or it falls short of its minimum entries
 * at its first deadline. Round 20 of 2024-25 locks on 4 January 2025.
 */
describe.each(backends())('a cancelled competition refunds knocked-out entries on %s', (backend) => {
  async function setUp(server: TestServer, values: { minEntries?: number } = {}) {
    const competition = await aCompetition(server, { name: 'Doomed', entryFeePence: 200, ...values });
    const admin = await signedIn(server, 'admin@redlion.test');
    const card = await signedIn(server, 'player2@redlion.test');
    const created = await card.post('/api/orders', { competitionId: competition.id, entries: 2 });
    expect(created.status, created.text).toBe(201);
    const paid = await card.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(paid.status, paid.text).toBeLessThan(300);
    const cashPlayer = await signedIn(server, 'player3@redlion.test');
    const cashUserId: string = (await cashPlayer.get('/api/me')).json.user.id;
    const cash = await admin.post(`/api/admin/competitions/${competition.id}/cash-entries`, {
      userId: cashUserId,
      entries: 1,
    });
    expect(cash.status, cash.text).toBe(201);
    const cardEntries: string[] = (await card.get(`/api/orders/${created.json.order.id}`)).json.entries.map(
      (e: { id: string }) => e.id,
    );
    // The club knocks out one card entry and the cash entry before the first round.
    for (const entryId of [cardEntries[0], cash.json.entryIds[0]]) {
      const res = await admin.post(`/api/admin/competitions/${competition.id}/entries/${entryId}/knock-out`, {
        reason: 'Broke the club rules',
      });
      expect(res.status, res.text).toBe(200);
    }
    return {
      competition,
      admin,
      card,
      cardOrderId: created.json.order.id as string,
      cashOrderId: cash.json.orderId,
    };
  }

  async function expectAllRefunded(
    server: TestServer,
    { card, cardOrderId, cashOrderId }: { card: HttpClient; cardOrderId: string; cashOrderId: string },
  ) {
    expect(await refundCancelledCompetitions(server.app.services)).toBe(2);
    expect(await refundCancelledCompetitions(server.app.services)).toBe(0);
    const cardOrder = (await card.get(`/api/orders/${cardOrderId}`)).json;
    expect(cardOrder).toMatchObject({ status: 'refunded', refundedPence: 400 });
    expect(cardOrder.entries.map((e: { status: string }) => e.status)).toEqual(['refunded', 'refunded']);
    const [cashOrder] = await server.db.select().from(orders).where(eq(orders.id, cashOrderId));
    expect(cashOrder).toMatchObject({ status: 'refunded', refundedPence: 200, provider: 'cash' });
    const left = await server.db.select().from(entries).where(eq(entries.orderId, cashOrderId));
    expect(left.map((e) => e.status)).toEqual(['refunded']);
  }

  it('when an admin cancels it', async () => {
    const server = await startTestServer(backend, { seed: true, now: '2025-01-01T12:00:00Z' });
    try {
      const world = await setUp(server);
      const cancel = await world.admin.post(`/api/admin/competitions/${world.competition.id}/cancel`);
      expect(cancel.status, cancel.text).toBe(200);
      await expectAllRefunded(server, world);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('when it falls short of its minimum entries at its first deadline', async () => {
    const server = await startTestServer(backend, { seed: true, now: '2025-01-01T12:00:00Z' });
    try {
      const world = await setUp(server, { minEntries: 5 });
      server.clock.set('2025-01-05T12:00:00Z');
      await runSettlementPass(server);
      const detail = (await world.admin.get(`/api/competitions/${world.competition.id}`)).json;
      expect(detail.competition.status).toBe('cancelled');
      // Out of the pot at once, the knocked-out entries with the rest.
      const all = await server.db
        .select()
        .from(entries)
        .where(eq(entries.competitionId, world.competition.id));
      expect(all.map((e) => e.status)).toEqual(['refunded', 'refunded', 'refunded']);
      await expectAllRefunded(server, world);
    } finally {
      await server.close();
    }
  }, 120_000);
});
