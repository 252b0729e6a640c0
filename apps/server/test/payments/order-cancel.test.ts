import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../../src/db/schema/index.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, signedIn } from '../support/world.ts';

describe.each(backends())('a player cancels an unpaid order on %s', (backend) => {
  let server: TestServer;
  let competitionId: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
    competitionId = (await aCompetition(server, { maxEntriesPerPlayer: 3 })).id;
  });
  afterAll(() => server?.close());

  const player = (n: number) => signedIn(server, `player${n}@redlion.test`);

  it('ends the pending order, gives its places back, and its card can no longer pay', async () => {
    const c = await player(1);
    const created = await c.post('/api/orders', { competitionId, entries: 3 });
    expect(created.status).toBe(201);
    const orderId: string = created.json.order.id;

    const cancelled = await c.post(`/api/orders/${orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({
      status: 'expired',
      failureReason: 'You cancelled this order before paying.',
      entries: [],
    });
    expect(await server.db.select().from(entries).where(eq(entries.orderId, orderId))).toEqual([]);
    const list = await c.get('/api/orders');
    expect(list.json.orders.find((o: { id: string }) => o.id === orderId).status).toBe('expired');

    // The three places are free again: the player may buy all three once more.
    const again = await c.post('/api/orders', { competitionId, entries: 3 });
    expect(again.status).toBe(201);

    const paid = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(paid.json.order?.status ?? paid.json.error?.code).not.toBe('paid');
  });

  it('refuses a paid order (409) and another player’s order (404), changing nothing', async () => {
    const owner = await player(2);
    const created = await owner.post('/api/orders', { competitionId, entries: 1 });
    const orderId: string = created.json.order.id;

    const other = await player(3);
    const theirs = await other.post(`/api/orders/${orderId}/cancel`);
    expect(theirs.status).toBe(404);
    expect(theirs.json.error.code).toBe('NOT_FOUND');
    expect((await owner.get(`/api/orders/${orderId}`)).json.status).toBe('pending');

    await owner.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    const late = await owner.post(`/api/orders/${orderId}/cancel`);
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(
      'This order is no longer waiting for payment, so it cannot be cancelled.',
    );
    const order = (await owner.get(`/api/orders/${orderId}`)).json;
    expect(order.status).toBe('paid');
    expect(order.entries.map((e: { status: string }) => e.status)).toEqual(['active']);
  });
});
