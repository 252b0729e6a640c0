import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../src/db/schema/index.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, otherClubAdmin, signedIn } from '../support/world.ts';

/**
 * Entries paid in cash at the bar: the admin records them, they are in at once and count in the pot,
 * the order is listed as cash, and a refund of it is recorded without asking a card provider.
 */
describe.each(backends())('cash entries on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let otherAdmin: HttpClient;
  let player: HttpClient;
  let playerId: string;
  let compId: string;
  const cash = (body: Record<string, unknown>, c: HttpClient = admin, id = compId) =>
    c.post(`/api/admin/competitions/${id}/cash-entries`, body);

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    admin = await signedIn(server, 'admin@redlion.test');
    player = await signedIn(server, 'player2@redlion.test');
    otherAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
    playerId = (await player.get('/api/me')).json.user.id;
    compId = (
      await aCompetition(server, {
        name: 'Bar Cup',
        entryFeePence: 500,
        maxEntriesPerPlayer: 3,
        houseSharePercent: 0,
        startRound: 20,
      })
    ).id;
  });
  afterAll(() => server?.close());

  it('records a paid cash order whose entries are in at once and count in the pot', async () => {
    const res = await cash({ userId: playerId, entries: 2, reference: 'Till receipt 118' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ amountPence: 1000, entryIds: [expect.any(String), expect.any(String)] });
    expect(res.json.shortNumber).toBe(res.json.orderId.slice(0, 8).toUpperCase());
    const [row] = await server.db.select().from(orders).where(eq(orders.id, res.json.orderId));
    expect(row).toMatchObject({
      provider: 'cash',
      status: 'paid',
      reference: 'Till receipt 118',
      paymentIntentId: null,
      amountPence: 1000,
    });
    expect(row?.recordedBy).toBe((await admin.get('/api/me')).json.user.id);
    const detail = await player.get(`/api/competitions/${compId}`);
    expect(detail.json.myEntries.map((e: { status: string }) => e.status)).toEqual(['active', 'active']);
    expect(detail.json.competition.potPence).toBe(1000);
    const listed = await admin.get(`/api/admin/orders?competitionId=${compId}`);
    expect(listed.json.orders).toEqual([
      expect.objectContaining({ id: res.json.orderId, provider: 'cash', status: 'paid' }),
    ]);
    const entries = await admin.get(`/api/admin/competitions/${compId}/entries`);
    expect(entries.json.entries.map((e: { paidHow: string }) => e.paidHow)).toEqual(['cash', 'cash']);
  });

  it("keeps to the member's allowance and the club's own members and competitions", async () => {
    const over = await cash({ userId: playerId, entries: 2 });
    expect(over.status).toBe(409);
    expect(over.json.error.message).toBe(
      'Jo Bloggs can have 1 more in this competition (at most 3 per player).',
    );
    expect((await cash({ userId: playerId, entries: 1 }, otherAdmin)).status).toBe(404);
    const kingsId = (await otherAdmin.get('/api/me')).json.user.id;
    expect((await cash({ userId: kingsId, entries: 1 })).status).toBe(404);
    expect((await cash({ userId: playerId, entries: 0 })).status).toBe(400);
    expect((await cash({ userId: playerId, entries: 1 }, player)).status).toBe(403);
  });

  it('refunds a cash order as cash: recorded, entries out, no card provider asked', async () => {
    const created = await cash({ userId: playerId, entries: 1 });
    expect(created.status).toBe(201);
    const orderId: string = created.json.orderId;
    const res = await admin.post(`/api/admin/orders/${orderId}/refunds`, { reason: 'Changed their mind' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'refunded', refundedPence: 500, provider: 'cash' });
    const rows = await server.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toEqual([
      expect.objectContaining({ status: 'succeeded', amountPence: 500, providerRefundId: null }),
    ]);
    const detail = await player.get(`/api/competitions/${compId}`);
    expect(detail.json.myEntries.map((e: { status: string }) => e.status)).toEqual([
      'active',
      'active',
      'refunded',
    ]);
    expect(detail.json.competition.potPence).toBe(1000);
  });

  it('refuses cash entries for a free competition', async () => {
    const free = await aCompetition(server, {
      name: 'Free Bar Cup',
      prizeModel: 'free',
      entryFeePence: 0,
      startRound: 20,
    });
    const res = await cash({ userId: playerId, entries: 1 }, admin, free.id);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(/free/);
  });
});
