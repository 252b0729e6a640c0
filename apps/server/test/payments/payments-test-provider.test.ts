import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../../src/db/schema/index.ts';
import { refundCancelledCompetitions } from '../../src/domains/payments/orders/service.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, setDateOfBirth, signedIn } from '../support/world.ts';

describe.each(backends())('orders with the test provider on %s', (backend) => {
  let server: TestServer;
  let competitionId: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
    competitionId = (await aCompetition(server)).id;
  });
  afterAll(() => server?.close());

  const player = (n: number) => signedIn(server, `player${n}@redlion.test`);

  it('creates a pending order priced by the server, then the 4242 card activates its entries', async () => {
    const c = await player(1);
    const created = await c.post('/api/orders', { competitionId, entries: 2 });
    expect(created.status).toBe(201);
    expect(created.json.order).toMatchObject({
      status: 'pending',
      amountPence: 1000,
      currency: 'gbp',
      entryCount: 2,
    });
    expect(created.json.order.entries).toHaveLength(2);
    expect(created.json.order.entries.every((e: { status: string }) => e.status === 'pending')).toBe(true);
    expect(created.json.payment).toMatchObject({ provider: 'test' });
    expect(created.json.payment.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);

    const paid = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.status).toBe(200);
    expect(paid.json.outcome).toBe('succeeded');
    expect(paid.json.order.status).toBe('paid');
    expect(paid.json.order.entries.map((e: { status: string }) => e.status)).toEqual(['active', 'active']);

    const again = await c.get(`/api/orders/${created.json.order.id}`);
    expect(again.json.status).toBe('paid');
    expect(again.json.cardLast4).toBe('4242');
    expect(again.json.shortNumber).toBe(created.json.order.id.slice(0, 8).toUpperCase());
    const receipt = await server.smtp.waitFor('player1@redlion.test', /receipt/i);
    expect(receipt.text).toContain('£10.00');
    expect(receipt.text).toMatch(/Test payments: no real money/);
  });

  it('a declined card leaves the order failed and nothing active', async () => {
    const c = await player(2);
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    const declined = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4000000000000002',
    });
    expect(declined.json.outcome).toBe('failed');
    expect(declined.json.message).toMatch(/declined/);
    expect(declined.json.order.status).toBe('failed');
    expect(declined.json.order.entries).toEqual([]);
    const insufficient = await c.post('/api/orders', { competitionId, entries: 1 });
    const poor = await c.post('/api/payments/test/confirm', {
      clientSecret: insufficient.json.payment.clientSecret,
      cardNumber: '4000 0000 0000 9995',
    });
    expect(poor.json.message).toMatch(/insufficient funds/);
    const mine = await server.db.select().from(entries).where(eq(entries.competitionId, competitionId));
    expect(mine.filter((e) => e.status === 'active')).toHaveLength(2); // player 1's only
  });

  it('refuses a card that is not a test card, and paying an order twice', async () => {
    const c = await player(3);
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    const real = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '5555 5555 5555 4444',
    });
    expect(real.status).toBe(400);
    expect(real.json.error.message).toMatch(/4242 4242 4242 4242/);
    await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    const twice = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(twice.status).toBe(409);
  });

  it('keeps each player within the maximum entries, counting unpaid orders until they expire', async () => {
    const c = await player(4);
    expect((await c.post('/api/orders', { competitionId, entries: 4 })).json.error.message).toMatch(
      /You can buy 3 more entries/,
    );
    const first = await c.post('/api/orders', { competitionId, entries: 3 });
    expect(first.status).toBe(201);
    const blocked = await c.post('/api/orders', { competitionId, entries: 1 });
    expect(blocked.status).toBe(409);
    expect(blocked.json.error.message).toMatch(/already have the maximum of 3 entries/);

    server.clock.advance(31 * 60 * 1000);
    const afterExpiry = await c.post('/api/orders', { competitionId, entries: 1 });
    expect(afterExpiry.status).toBe(201);
    expect((await c.get(`/api/orders/${first.json.order.id}`)).json.status).toBe('expired');
  });

  it('refuses players under 18, free competitions, other players and bad input', async () => {
    await setDateOfBirth(server, 'player5@redlion.test', '2010-01-01');
    const young = await player(5);
    const refused = await young.post('/api/orders', { competitionId, entries: 1 });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/18 or over/);

    const free = await aCompetition(server, { prizeModel: 'free', entryFeePence: 0, name: 'Free one' });
    const c = await player(1);
    expect((await c.post('/api/orders', { competitionId: free.id, entries: 1 })).json.error.message).toMatch(
      /free/,
    );

    for (const body of [
      { competitionId, entries: 0 },
      { competitionId, entries: 1.5 },
      { competitionId },
      { competitionId, entries: '2' },
    ]) {
      const bad = await c.post('/api/orders', body);
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toMatch(/entries/);
    }
    const mine = (await c.get('/api/orders')).json.orders[0];
    const other = await player(2);
    expect((await other.get(`/api/orders/${mine.id}`)).status).toBe(404);
  });

  it('an admin refunds one entry of a paid order; players cannot refund', async () => {
    const c = await player(1);
    const paidOrder = (await c.get('/api/orders')).json.orders.find(
      (o: { status: string }) => o.status === 'paid',
    );
    expect((await c.post(`/api/admin/orders/${paidOrder.id}/refunds`, {})).status).toBe(403);

    const admin = await signedIn(server, 'admin@redlion.test');
    const listed = await admin.get('/api/admin/orders?status=paid');
    expect(listed.json.orders.map((o: { id: string }) => o.id)).toContain(paidOrder.id);

    const entryId = paidOrder.entries[0].id;
    const refunded = await admin.post(`/api/admin/orders/${paidOrder.id}/refunds`, {
      entryIds: [entryId],
      reason: 'Asked nicely',
    });
    expect(refunded.status).toBe(200);
    expect(refunded.json.status).toBe('partially_refunded');
    expect(refunded.json.refundedPence).toBe(500);
    expect(refunded.json.entries.find((e: { id: string }) => e.id === entryId).status).toBe('refunded');
    const again = await admin.post(`/api/admin/orders/${paidOrder.id}/refunds`, { entryIds: [entryId] });
    expect(again.status).toBe(400);
    const email = await server.smtp.waitFor('player1@redlion.test', /refund/i);
    expect(email.text).toContain('£5.00');
  });
});

describe.each(backends())('cancelled competitions on %s', (backend) => {
  it('give every paid entry its money back, once, with a refund email', async () => {
    const server = await startTestServer(backend, { seed: true });
    try {
      const competition = await aCompetition(server, { name: 'Doomed', entryFeePence: 200 });
      const c = await signedIn(server, 'player2@redlion.test');
      const created = await c.post('/api/orders', { competitionId: competition.id, entries: 2 });
      await c.post('/api/payments/test/confirm', {
        clientSecret: created.json.payment.clientSecret,
        cardNumber: '4242424242424242',
      });

      const admin = await signedIn(server, 'admin@redlion.test');
      expect((await admin.post(`/api/admin/competitions/${competition.id}/cancel`)).status).toBe(200);
      expect(await refundCancelledCompetitions(server.app.services)).toBe(1);
      expect(await refundCancelledCompetitions(server.app.services)).toBe(0);

      const order = (await c.get(`/api/orders/${created.json.order.id}`)).json;
      expect(order).toMatchObject({ status: 'refunded', refundedPence: 400 });
      expect(order.entries.map((e: { status: string }) => e.status)).toEqual(['refunded', 'refunded']);
      const email = await server.smtp.waitFor('player2@redlion.test', /refund/i);
      expect(email.text).toContain('£4.00');
    } finally {
      await server.close();
    }
  });
});
