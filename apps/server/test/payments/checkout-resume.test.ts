import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions } from '../../src/db/schema/index.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, signedIn } from '../support/world.ts';

interface OrderJson {
  id: string;
  status: string;
  failureReason: string | null;
  competitionId: string;
  clubName: string;
  entries: { id: string; status: string }[];
}

describe.each(backends())('checkout: resume, the club’s words and the pub’s name on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // Round 20 of 2024-25 (the factory's start) locks in the new year: the competitions stay open.
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
  }, 180_000);
  afterAll(() => server?.close());

  const player = (n: number) => signedIn(server, `player${n}@redlion.test`);
  const ordersOf = async (c: HttpClient, competitionId: string): Promise<OrderJson[]> =>
    ((await c.get('/api/orders')).json.orders as OrderJson[]).filter(
      (o) => o.competitionId === competitionId,
    );

  it('Pay on an unpaid checkout gives the same order and a card form that pays it, however often it is tapped', async () => {
    const { id: competitionId } = await aCompetition(server, { name: 'Resume Cup' });
    const c = await player(1);
    const created = await c.post('/api/orders', { competitionId, entries: 2 });
    expect(created.status).toBe(201);
    const orderId: string = created.json.order.id;

    let secret = '';
    for (let tap = 0; tap < 4; tap++) {
      const resumed = await c.post(`/api/orders/${orderId}/resume`);
      expect(resumed.status).toBe(200);
      expect(resumed.json.order).toMatchObject({ id: orderId, status: 'pending' });
      expect(resumed.json.order.entries).toHaveLength(2);
      expect(resumed.json.payment.provider).toBe('test');
      secret = resumed.json.payment.clientSecret;
    }
    // No order ended on the way: the Payments list holds the one checkout, still waiting.
    expect((await ordersOf(c, competitionId)).map((o) => o.status)).toEqual(['pending']);

    const paid = await c.post('/api/payments/test/confirm', {
      clientSecret: secret,
      cardNumber: '4242424242424242',
    });
    expect(paid.json.order).toMatchObject({ id: orderId, status: 'paid' });
    expect(paid.json.message).toBe('Payment accepted. Your 2 entries are active.');

    const again = await c.post(`/api/orders/${orderId}/resume`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('This order is already paid: there is nothing more to pay.');
  });

  it('one entry paid for is one entry in the message', async () => {
    const { id: competitionId } = await aCompetition(server, { name: 'Single Cup' });
    const c = await player(2);
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    const paid = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(paid.json.message).toBe('Payment accepted. Your entry is active.');
  });

  it('a checkout whose price no longer holds is replaced by a new order, not shown as cancelled by the player', async () => {
    const comp = await aCompetition(server, { name: 'Repriced Cup' });
    const c = await player(3);
    const created = await c.post('/api/orders', { competitionId: comp.id, entries: 1 });
    const oldId: string = created.json.order.id;
    await server.db.update(competitions).set({ entryFeePence: 700 }).where(eq(competitions.id, comp.id));

    const resumed = await c.post(`/api/orders/${oldId}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.json.order.id).not.toBe(oldId);
    expect(resumed.json.order).toMatchObject({ status: 'pending', amountPence: 700 });

    const mine = await ordersOf(c, comp.id);
    const old = mine.find((o) => o.id === oldId);
    expect(old).toMatchObject({
      status: 'expired',
      failureReason: 'Replaced by a new checkout for the same entries.',
    });
    expect(old?.entries).toEqual([]);
    expect(mine.some((o) => o.failureReason?.startsWith('You cancelled'))).toBe(false);
    // The old card form can no longer pay.
    const stale = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(stale.status).toBe(409);
  });

  it('another player cannot resume an order (404)', async () => {
    const { id: competitionId } = await aCompetition(server, { name: 'Not Yours Cup' });
    const owner = await player(4);
    const created = await owner.post('/api/orders', { competitionId, entries: 1 });
    const other = await player(5);
    const res = await other.post(`/api/orders/${created.json.order.id}/resume`);
    expect(res.status).toBe(404);
  });

  it('the admin reads a player’s cancel in the club’s words; the player in their own', async () => {
    const { id: competitionId } = await aCompetition(server, { name: 'Backed Out Cup' });
    const c = await player(5);
    const me = (await c.get('/api/me')).json.user.name as string;
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    const orderId: string = created.json.order.id;
    expect((await c.post(`/api/orders/${orderId}/cancel`)).status).toBe(200);
    expect((await c.get(`/api/orders/${orderId}`)).json.failureReason).toBe(
      'You cancelled this order before paying.',
    );

    const admin = await signedIn(server, 'admin@redlion.test');
    const listed = (
      (await admin.get(`/api/admin/orders?competitionId=${competitionId}`)).json.orders as OrderJson[]
    ).find((o) => o.id === orderId);
    expect(listed?.failureReason).toBe(`${me} cancelled this order before paying.`);
    expect((await admin.get(`/api/orders/${orderId}`)).json.failureReason).toBe(
      `${me} cancelled this order before paying.`,
    );
  });

  it('an order and its receipt email name the pub it was paid to', async () => {
    const { id: competitionId } = await aCompetition(server, { name: 'Receipt Cup' });
    const c = await player(1);
    const created = await c.post('/api/orders', { competitionId, entries: 1 });
    expect(created.json.order.clubName).toBe('The Red Lion');
    await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    await server.app.services.mailer.flush();
    const receipt = server.smtp.received.find(
      (m) => m.to.includes('player1@redlion.test') && m.subject === 'Receipt: Receipt Cup',
    );
    expect(receipt?.text).toContain(
      'Thank you: your payment to The Red Lion for 1 entry in Receipt Cup went through.',
    );
    expect(receipt?.text).toContain('Paid to: The Red Lion');
  });

  it('a visitor sees an open competition’s fee, pot and next deadline, and no one’s entries', async () => {
    const comp = await aCompetition(server, {
      name: 'Visitors Cup',
      entryFeePence: 1000,
      houseSharePercent: 10,
    });
    const c = await player(2);
    const created = await c.post('/api/orders', { competitionId: comp.id, entries: 1 });
    await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    const visitor = server.client();
    const res = await visitor.get('/api/club/competitions?club=red-lion');
    expect(res.status).toBe(200);
    const shown = res.json.competitions.find((x: { id: string }) => x.id === comp.id);
    const asMember = (await c.get('/api/competitions')).json.competitions.find(
      (x: { id: string }) => x.id === comp.id,
    );
    expect(shown).toMatchObject({
      name: 'Visitors Cup',
      status: 'open',
      entryFeePence: 1000,
      potPence: 900,
      myEntries: 0,
      pickDeadline: asMember.pickDeadline,
    });
    expect(shown.pickDeadline).toEqual(expect.any(String));
    expect((await visitor.get('/api/club/competitions?club=no-such-pub')).status).toBe(404);
  });
});
