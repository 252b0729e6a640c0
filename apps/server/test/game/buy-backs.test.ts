import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, notifications, orders, roundSettlements, user } from '../../src/db/schema/index.ts';
import type { CompetitionRow } from '../../src/domains/game/competitions/queries.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import {
  aCompetition,
  otherClubAdmin,
  setDateOfBirth,
  signedIn,
  someEntries,
  somePicks,
} from '../support/world.ts';

/**
 * Buying back in, on the 2024-25 season's round 1 (Arsenal beat Wolves; Chelsea lost to Manchester
 * City; Everton lost to Brighton). Round 1 settles on 21 August; round 2's deadline, which closes the
 * buy-back window of round 1's knock-outs, is 24 August at 10:30 UTC.
 */
describe.each(backends())('buy-backs on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let otherAdmin: HttpClient;
  const p: HttpClient[] = [];
  const uid: Record<string, string> = {};
  /** Pool, £5 entries, 10% house, buy-back until round 2 at £3: Pat in, Jo, Chris and Robin out in round 1. */
  let pool: CompetitionRow;
  /** Pool, buy-back until round 1: Pat in, Robin out; nobody buys back. */
  let held: CompetitionRow;
  /** Free, a free rejoin until round 1: Pat in, Robin out and back. */
  let free: CompetitionRow;
  /** No buy-backs: Pat and Chris in, Jo out. */
  let noWayBack: CompetitionRow;
  const e: Record<string, string> = {};
  /** Enters `who` in `comp` with a round 1 pick, the entry's id kept as `e[key]`. */
  let enter: (comp: CompetitionRow, key: string, who: string, pick: string) => Promise<void>;

  const detail = async (c: HttpClient, compId: string) => (await c.get(`/api/competitions/${compId}`)).json;
  const entryRow = async (id: string) =>
    (await server.db.select().from(entries).where(eq(entries.id, id)))[0] as typeof entries.$inferSelect;
  const orderCount = async () => (await server.db.select({ id: orders.id }).from(orders)).length;
  const pay = (c: HttpClient, clientSecret: string) =>
    c.post('/api/payments/test/confirm', { clientSecret, cardNumber: '4242 4242 4242 4242' });

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    admin = await signedIn(server, 'admin@redlion.test');
    otherAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
    for (const n of [1, 2, 3, 4]) p.push(await signedIn(server, `player${n}@redlion.test`));
    const people = await server.db
      .select()
      .from(user)
      .where(
        inArray(
          user.email,
          [1, 2, 3, 4].map((n) => `player${n}@redlion.test`),
        ),
      );
    for (const u of people) uid[u.email.slice(0, 7)] = u.id;
    for (const n of [1, 2, 3, 4]) await setDateOfBirth(server, `player${n}@redlion.test`, '1990-01-01');

    const base = { startRound: 1, houseSharePercent: 10, entryFeePence: 500, maxEntriesPerPlayer: 1 };
    pool = await aCompetition(server, {
      ...base,
      name: 'Buy-back pool',
      buyBackUntilRound: 2,
      buyBackPricePence: 300,
    });
    held = await aCompetition(server, {
      ...base,
      name: 'Held crown',
      buyBackUntilRound: 1,
      buyBackPricePence: 300,
    });
    free = await aCompetition(server, {
      ...base,
      name: 'Free rejoin',
      prizeModel: 'free',
      entryFeePence: 0,
      houseSharePercent: 0,
      prizePence: 2000,
      buyBackUntilRound: 1,
      buyBackPricePence: 0,
    });
    noWayBack = await aCompetition(server, { ...base, name: 'No way back' });
    const round1 = (await p[0]?.get(`/api/competitions/${pool.id}/rounds/1/fixtures`))?.json.fixtures;
    const team = (name: string) => teamIn(round1, name);
    enter = async (comp, key, who, pick) => {
      const [row] = await someEntries(server, { competition: comp, userId: uid[who] as string });
      e[key] = row?.id as string;
      await somePicks(server, comp, [{ entry: { id: e[key] as string }, round: 1, teamId: team(pick) }]);
    };
    await enter(pool, 'pat', 'player1', 'Arsenal');
    await enter(pool, 'jo', 'player2', 'Chelsea');
    await enter(pool, 'chris', 'player3', 'Everton');
    await enter(pool, 'robin', 'player4', 'Everton');
    await enter(held, 'heldPat', 'player1', 'Arsenal');
    await enter(held, 'heldRobin', 'player4', 'Everton');
    await enter(free, 'freePat', 'player1', 'Arsenal');
    await enter(free, 'freeRobin', 'player4', 'Everton');
    await enter(noWayBack, 'nwbPat', 'player1', 'Arsenal');
    await enter(noWayBack, 'nwbChris', 'player3', 'Arsenal');
    await enter(noWayBack, 'nwbJo', 'player2', 'Chelsea');

    server.clock.set('2024-08-21T12:00:00Z');
    await runSettlementPass(server);
  });
  afterAll(() => server?.close());

  it('one left standing while others may still buy back in is not crowned yet', async () => {
    for (const comp of [pool, held, free]) {
      const d = await detail(p[0] as HttpClient, comp.id);
      expect(d.competition.status, comp.name).toBe('running');
      expect(d.rounds[0], comp.name).toMatchObject({ round: 1, survivors: 1 });
      expect(
        d.standings.find((s: Json) => s.status === 'won'),
        comp.name,
      ).toBeUndefined();
    }
    const mine = (await detail(p[1] as HttpClient, pool.id)).myEntries[0];
    expect(mine).toMatchObject({ status: 'eliminated', eliminatedRound: 1, boughtBackRound: null });
    expect(mine.buyBackOffer).toEqual({ pricePence: 300, closesAt: '2024-08-24T10:30:00.000Z' });
    expect((await detail(p[0] as HttpClient, pool.id)).myEntries[0].buyBackOffer).toBeNull();
    // The admin's entries list offers the same buy-back (cash at the bar), and none for the entry still in.
    const listed = (await admin.get(`/api/admin/competitions/${pool.id}/entries`)).json.entries;
    const offerOf = (id: string) => listed.find((x: Json) => x.id === id).buyBackOffer;
    expect(offerOf(e.chris as string)).toEqual({ pricePence: 300, closesAt: '2024-08-24T10:30:00.000Z' });
    expect(offerOf(e.pat as string)).toBeNull();
    // Four entries at £5, less 10%.
    expect((await detail(p[0] as HttpClient, pool.id)).competition.potPence).toBe(1800);
  });

  it('a player knocked out while they may buy back is told how, until when; others as before', async () => {
    const told = async (who: string, comp: CompetitionRow) => {
      const rows = await server.db
        .select({ body: notifications.body, link: notifications.link })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, uid[who] as string),
            eq(notifications.title, `${comp.name}: round 1 results`),
          ),
        );
      expect(rows, `${who} in ${comp.name}`).toHaveLength(1);
      return rows[0] as { body: string; link: string | null };
    };
    // The window closes at round 2's deadline, 24 August 10:30 UTC: 11:30 in London.
    const jo = await told('player2', pool);
    expect(jo.body).toMatch(
      /^Chelsea[\w ]* did not win: you are out of Buy-back pool\. You can buy back in once for £3\.00 until Sat 24 Aug, 11:30, from the game screen\.$/,
    );
    expect(jo.link).toBe('/app/tabs/game');
    expect((await told('player4', free)).body).toMatch(
      /^Everton[\w ]* did not win: you are out of Free rejoin\. You can rejoin free until Sat 24 Aug, 11:30, from the game screen\.$/,
    );
    expect((await told('player4', held)).body).toMatch(
      /You can buy back in once for £3\.00 until Sat 24 Aug, 11:30/,
    );
    // No buy-back on offer: the old goodbye.
    expect((await told('player2', noWayBack)).body).toMatch(
      /^Chelsea[\w ]* did not win: you are out of No way back\. Thanks for playing\.$/,
    );
    expect((await told('player1', pool)).body).toMatch(/came through: still in\.$/);
  });

  it('refuses an entry still in, someone else’s, an under-18, another club’s admin: nothing written', async () => {
    const before = await orderCount();
    const still = await p[0]?.post(`/api/entries/${e.pat}/buy-back`, {});
    expect(still?.status).toBe(409);
    expect(still?.json.error.message).toMatch(/This entry is still in/);
    expect((await p[0]?.post(`/api/entries/${e.jo}/buy-back`, {}))?.status).toBe(404);
    await setDateOfBirth(server, 'player3@redlion.test', '2010-01-01');
    const young = await p[2]?.post(`/api/entries/${e.chris}/buy-back`, {});
    expect(young?.status).toBe(403);
    expect(young?.json.error.message).toMatch(/18 or over to buy back/);
    await setDateOfBirth(server, 'player3@redlion.test', '1990-01-01');
    const foreign = await otherAdmin.post(
      `/api/admin/competitions/${pool.id}/entries/${e.robin}/buy-back`,
      {},
    );
    expect(foreign.status).toBe(404);
    expect(await orderCount()).toBe(before);
    expect((await entryRow(e.chris as string)).status).toBe('eliminated');
  });

  it('a paid buy-back goes through the checkout and is applied exactly once, whatever the clicks', async () => {
    const jo = p[1] as HttpClient;
    // Two tabs: two checkouts for the same entry.
    const first = await jo.post(`/api/entries/${e.jo}/buy-back`, {});
    const second = await jo.post(`/api/entries/${e.jo}/buy-back`, {});
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ kind: 'checkout', entryId: e.jo });
    expect(first.json.checkout.order).toMatchObject({ status: 'pending', amountPence: 300 });
    expect((await entryRow(e.jo as string)).status).toBe('eliminated');

    const paid = await pay(jo, first.json.checkout.payment.clientSecret);
    expect(paid.json.outcome).toBe('succeeded');
    expect(paid.json.order.status).toBe('paid');
    expect(await entryRow(e.jo as string)).toMatchObject({
      status: 'active',
      eliminatedRound: null,
      boughtBackRound: 1,
      livesLeft: 0,
      buyBackOrderId: first.json.checkout.order.id,
    });
    // The same payment again changes nothing.
    const replay = await pay(jo, first.json.checkout.payment.clientSecret);
    expect(replay.status).toBeGreaterThanOrEqual(400);
    // The second tab's payment is given back.
    const late = await pay(jo, second.json.checkout.payment.clientSecret);
    expect(late.json.order.status).toBe('refunded');
    const again = await jo.post(`/api/entries/${e.jo}/buy-back`, {});
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/already bought back in after round 1/);

    const d = await detail(jo, pool.id);
    expect(d.myEntries[0]).toMatchObject({ status: 'active', boughtBackRound: 1, buyBackOffer: null });
    // floor((4 x £5 + 1 x £3) x 90%)
    expect(d.competition.potPence).toBe(2070);
    expect(
      (await admin.get('/api/competitions')).json.competitions.find((c: Json) => c.id === pool.id).potPence,
    ).toBe(2070);
  });

  it('an admin records a cash buy-back: a paid cash order, the entry back at once, once', async () => {
    const res = await admin.post(`/api/admin/competitions/${pool.id}/entries/${e.robin}/buy-back`, {
      reference: 'Till 7',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ entryId: e.robin, amountPence: 300, round: 1 });
    const [order] = await server.db.select().from(orders).where(eq(orders.id, res.json.orderId));
    expect(order).toMatchObject({
      provider: 'cash',
      status: 'paid',
      reference: 'Till 7',
      buyBackEntryId: e.robin,
    });
    expect(await entryRow(e.robin as string)).toMatchObject({ status: 'active', boughtBackRound: 1 });
    const twice = await admin.post(`/api/admin/competitions/${pool.id}/entries/${e.robin}/buy-back`, {});
    expect(twice.status).toBe(409);
    expect((await detail(admin, pool.id)).competition.potPence).toBe(2340);
  });

  it('a free competition rejoins at once, without a checkout', async () => {
    const before = await orderCount();
    const offer = (await detail(p[3] as HttpClient, free.id)).myEntries[0].buyBackOffer;
    expect(offer).toMatchObject({ pricePence: 0 });
    const res = await p[3]?.post(`/api/entries/${e.freeRobin}/buy-back`, {});
    expect(res?.status).toBe(200);
    expect(res?.json).toEqual({ kind: 'rejoined', entryId: e.freeRobin });
    expect(await orderCount()).toBe(before);
    expect(await entryRow(e.freeRobin as string)).toMatchObject({ status: 'active', boughtBackRound: 1 });
    expect((await p[3]?.post(`/api/entries/${e.freeRobin}/buy-back`, {}))?.status).toBe(409);
  });

  it('a correction that brings a bought-back entry back in refunds its buy-back', async () => {
    const round1 = (await admin.get(`/api/competitions/${pool.id}/rounds/1/fixtures`)).json.fixtures;
    const chelsea = round1.find((f: Json) => f.home.name.startsWith('Chelsea'));
    const res = await admin.put(`/api/admin/fixtures/${chelsea.id}/result`, {
      home: 3,
      away: 0,
      status: 'finished',
    });
    expect(res.status).toBe(200);
    const jo = await entryRow(e.jo as string);
    expect(jo).toMatchObject({ status: 'active', boughtBackRound: null, buyBackOrderId: null });
    const [order] = await server.db
      .select()
      .from(orders)
      .where(and(eq(orders.buyBackEntryId, e.jo as string), eq(orders.status, 'refunded')));
    expect(order).toBeDefined();
    // Robin went out again in round 1: the cash buy-back still stands, and keeps the entry in.
    expect(await entryRow(e.robin as string)).toMatchObject({ status: 'active', boughtBackRound: 1 });
    const [settlement] = await server.db
      .select()
      .from(roundSettlements)
      .where(and(eq(roundSettlements.competitionId, pool.id), eq(roundSettlements.round, 1)));
    expect(settlement?.record.boughtBack).toEqual([e.robin]);
    // floor((4 x £5 + 1 x £3) x 90%): Jo's buy-back left the pot.
    expect((await detail(admin, pool.id)).competition.potPence).toBe(2070);
  });

  it('after the next deadline the window is closed, and a held round crowns its one survivor', async () => {
    // Round 1 of this one is settled only now, after round 2's deadline: its knock-outs have no window.
    const tooLate = await aCompetition(server, {
      startRound: 1,
      entryFeePence: 500,
      maxEntriesPerPlayer: 1,
      name: 'Too late',
      buyBackUntilRound: 2,
      buyBackPricePence: 300,
    });
    await enter(tooLate, 'latePat', 'player1', 'Arsenal');
    await enter(tooLate, 'lateChris', 'player3', 'Arsenal');
    // Chelsea's result was corrected to a win above; Everton still lost.
    await enter(tooLate, 'lateJo', 'player2', 'Everton');
    server.clock.set('2024-08-24T11:00:00Z');
    const late = await p[2]?.post(`/api/entries/${e.chris}/buy-back`, {});
    expect(late?.status).toBe(409);
    expect(late?.json.error.message).toMatch(/window closed at the next round's deadline/);
    expect((await detail(p[2] as HttpClient, pool.id)).myEntries[0].buyBackOffer).toBeNull();
    await runSettlementPass(server);
    const h = await detail(admin, held.id);
    expect(h.competition).toMatchObject({ status: 'finished', finalRound: 1 });
    expect(h.standings.find((s: Json) => s.entryId === e.heldPat).status).toBe('won');
    const [settlement] = await server.db
      .select()
      .from(roundSettlements)
      .where(and(eq(roundSettlements.competitionId, held.id), eq(roundSettlements.round, 1)));
    expect(settlement?.record).toMatchObject({ winners: [e.heldPat], held: false });
    // With an entry bought back, the game goes on.
    expect((await detail(admin, pool.id)).competition.status).toBe('running');
    expect((await detail(admin, free.id)).competition.status).toBe('running');
    const [lateJo] = await server.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, uid.player2 as string),
          eq(notifications.title, 'Too late: round 1 results'),
        ),
      );
    expect(lateJo?.body).toMatch(
      /^Everton[\w ]* did not win: you are out of Too late\. Thanks for playing\.$/,
    );
    expect((await entryRow(e.lateJo as string)).status).toBe('eliminated');
  });

  it('the club refunds a buy-back order: its price goes back and the entry is out again', async () => {
    // Robin's cash buy-back of round 1 (recorded above) stands; round 2 is not settled yet.
    const [order] = await server.db
      .select()
      .from(orders)
      .where(and(eq(orders.buyBackEntryId, e.robin as string), eq(orders.status, 'paid')));
    const potBefore = (await detail(admin, pool.id)).competition.potPence;
    const res = await admin.post(`/api/admin/orders/${order?.id}/refunds`, { reason: 'Paid by mistake' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: 'refunded', refundedPence: 300 });
    expect(await entryRow(e.robin as string)).toMatchObject({
      status: 'eliminated',
      eliminatedRound: 1,
      boughtBackRound: null,
    });
    expect((await detail(admin, pool.id)).competition.potPence).toBeLessThan(potBefore);
    const twice = await admin.post(`/api/admin/orders/${order?.id}/refunds`, {});
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toMatch(/this one is refunded/);
  });
});
