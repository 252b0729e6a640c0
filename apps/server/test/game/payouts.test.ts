import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { seasonId } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { setEmailVerified, threePlayerCup } from '../support/world.ts';

/**
 * Prizes paid outside the app, and what a later result correction does to them. The competition:
 * free with a £50 prize, three players from round 1 of 2024-25. Round 1: Pat Arsenal (won 2-0), Jo
 * Liverpool (won), Chris Chelsea (lost). Round 2: Pat Manchester City (won), Jo Everton (lost): Pat wins.
 */
describe.each(backends())('payouts and corrections on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let otherAdmin: HttpClient;
  const players: HttpClient[] = [];
  const entry: string[] = [];
  let compId: string;
  let round1: Json[];
  const payoutsOf = (c: HttpClient = admin) => c.get(`/api/admin/competitions/${compId}/payouts`);
  const pay = (body: Record<string, unknown>, c: HttpClient = admin) =>
    c.post(`/api/admin/competitions/${compId}/payouts`, {
      method: 'bank_transfer',
      paidAt: '2024-08-27T10:00:00Z',
      ...body,
    });
  const correct = (fixtureId: string, home: number, away: number) =>
    admin.put(`/api/admin/fixtures/${fixtureId}/result`, { home, away, status: 'finished' });
  const fixture = (home: string) => round1.find((f: Json) => f.home.name.startsWith(home));

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const cup = await threePlayerCup(server, { name: 'Prize Cup', prizePence: 5000 });
    ({ admin, otherAdmin, compId } = cup);
    players.push(...cup.players);
    entry.push(...cup.entry);
    round1 = cup.round1;
    server.clock.set('2024-08-20T12:00:00Z');
    await runSettlementPass(server);
  });
  afterAll(() => server?.close());

  it('refuses a payout before the competition has finished', async () => {
    const res = await pay({ entryId: entry[0], amountPence: 100 });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('COMPETITION_NOT_FINISHED');
    expect(res.json.error.message).toMatch(/running/);
    const summary = await payoutsOf();
    expect(summary.status).toBe(200);
    expect(summary.json).toMatchObject({ finished: false, winners: [], payouts: [], review: null });
  });

  it('lists the winners with their share once finished, and records a payout', async () => {
    server.clock.set('2024-08-27T12:00:00Z');
    await runSettlementPass(server);
    const before = await payoutsOf();
    expect(before.json).toMatchObject({ finished: true, potPence: 5000, remainderPence: 0, payouts: [] });
    expect(before.json.winners).toEqual([
      expect.objectContaining({
        entryId: entry[0],
        playerName: 'Pat Player',
        sharePence: 5000,
        paidPence: 0,
        owedPence: 5000,
      }),
    ]);

    const res = await pay({ entryId: entry[0], amountPence: 3000, reference: 'TX-1001' });
    expect(res.status).toBe(201);
    expect(res.json.winners[0]).toMatchObject({ paidPence: 3000, owedPence: 2000 });
    expect(res.json.payouts).toEqual([
      expect.objectContaining({
        entryId: entry[0],
        playerName: 'Pat Player',
        amountPence: 3000,
        method: 'bank_transfer',
        reference: 'TX-1001',
        paidAt: '2024-08-27T10:00:00.000Z',
        toWinner: true,
        recordedBy: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);
    expect(res.json.audit).toEqual([
      expect.objectContaining({
        kind: 'payout_recorded',
        message: '£30.00 paid to Pat Player by bank transfer on 27 Aug 2024 (reference TX-1001).',
      }),
    ]);
  });

  it('records a prize only to a winner whose email address is confirmed', async () => {
    const email = 'player1@redlion.test';
    await setEmailVerified(server, { email, verified: false });
    try {
      const refused = await pay({ entryId: entry[0], amountPence: 100 });
      expect(refused.status).toBe(409);
      expect(refused.json.error.code).toBe('EMAIL_NOT_VERIFIED');
      expect(refused.json.error.message).toMatch(/^Pat Player has not confirmed their email address yet/);
    } finally {
      await setEmailVerified(server, { email, verified: true });
    }
  });

  it('refuses a payout above the share, to a non-winner, dated ahead, or malformed', async () => {
    const over = await pay({ entryId: entry[0], amountPence: 2001, method: 'cash' });
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('PAYOUT_EXCEEDS_SHARE');
    expect(over.json.error.message).toBe(
      "Pat Player's share is £50.00 and £30.00 has already been paid: at most £20.00 can be recorded.",
    );
    const loser = await pay({ entryId: entry[1], amountPence: 100 });
    expect(loser.status).toBe(409);
    expect(loser.json.error.code).toBe('NOT_A_WINNER');
    expect(loser.json.error.message).toMatch(/Jo Bloggs's entry did not win/);
    expect((await pay({ entryId: crypto.randomUUID(), amountPence: 100 })).status).toBe(404);
    expect((await pay({ entryId: 'no-such-entry', amountPence: 100 })).status).toBe(400);
    const ahead = await pay({ entryId: entry[0], amountPence: 100, paidAt: '2024-09-30T10:00:00Z' });
    expect(ahead.status).toBe(400);
    expect(ahead.json.error.message).toMatch(/future/);
    expect((await pay({ entryId: entry[0], amountPence: 100, method: 'cheque' })).status).toBe(400);
    expect((await pay({ entryId: entry[0], amountPence: 0 })).status).toBe(400);
    expect((await pay({ entryId: entry[0], amountPence: 100, paidAt: 'yesterday' })).status).toBe(400);
    // Nothing was recorded by any of them.
    expect((await payoutsOf()).json.payouts).toHaveLength(1);
  });

  it('only admins of the club see or record payouts', async () => {
    const player = players[0] as HttpClient;
    expect((await pay({ entryId: entry[0], amountPence: 100 }, player)).status).toBe(403);
    expect((await payoutsOf(player)).status).toBe(403);
    expect((await player.post(`/api/admin/competitions/${compId}/review/clear`)).status).toBe(403);
    expect((await player.get('/api/admin/competition-reviews')).status).toBe(403);
    // Another club's admin: the competition does not exist for them.
    expect((await pay({ entryId: entry[0], amountPence: 100 }, otherAdmin)).status).toBe(404);
    expect((await payoutsOf(otherAdmin)).status).toBe(404);
    expect((await server.client().get(`/api/admin/competitions/${compId}/payouts`)).status).toBe(401);
    expect((await payoutsOf()).json.payouts).toHaveLength(1);
  });

  it('a correction that leaves the winners as they were does not flag the competition', async () => {
    // Chelsea lost 0-2 to Manchester City; 0-3 is still a loss.
    const res = await correct(fixture('Chelsea').id, 0, 3);
    expect(res.status).toBe(200);
    expect(res.json.resettled).toContain(compId);
    const summary = (await payoutsOf()).json;
    expect(summary.review).toBeNull();
    expect(summary.winners.map((w: Json) => w.entryId)).toEqual([entry[0]]);
    expect(summary.audit.map((a: Json) => a.kind)).toEqual(['payout_recorded']);
    expect((await admin.get('/api/admin/competition-reviews')).json.reviews).toEqual([]);
  });

  it('a correction that changes the winners after a payout flags the competition and says why', async () => {
    // Arsenal beat Wolves 2-0; corrected to 0-1, Pat goes out in round 1 and Jo wins there.
    server.clock.set('2024-08-27T13:00:00Z');
    const res = await correct(fixture('Arsenal').id, 0, 1);
    expect(res.status).toBe(200);
    const summary = (await payoutsOf()).json;
    const reason =
      'The result of Arsenal FC v Wolverhampton Wanderers FC (round 1) was corrected from 2–0 to 0–1. ' +
      'The winners changed from Pat Player to Jo Bloggs, after £30.00 had been recorded as paid out.';
    expect(summary.review).toEqual({ reason, at: '2024-08-27T13:00:00.000Z' });
    expect(summary.winners).toEqual([
      expect.objectContaining({ entryId: entry[1], playerName: 'Jo Bloggs', sharePence: 5000, paidPence: 0 }),
    ]);
    expect(summary.payouts).toEqual([expect.objectContaining({ entryId: entry[0], toWinner: false })]);
    expect(summary.audit.at(-1)).toMatchObject({ kind: 'winners_changed', message: reason });
    expect((await admin.get('/api/admin/competition-reviews')).json.reviews).toEqual([
      { competitionId: compId, name: 'Prize Cup', reason, at: '2024-08-27T13:00:00.000Z' },
    ]);
    // The old winner cannot be paid more; the new one can.
    expect((await pay({ entryId: entry[0], amountPence: 100 })).json.error.code).toBe('NOT_A_WINNER');
  });

  it('an admin clears the flag; the audit keeps why it was raised', async () => {
    expect((await otherAdmin.post(`/api/admin/competitions/${compId}/review/clear`)).status).toBe(404);
    server.clock.set('2024-08-27T14:00:00Z');
    const res = await admin.post(`/api/admin/competitions/${compId}/review/clear`);
    expect(res.status).toBe(200);
    expect(res.json.review).toBeNull();
    // The correction's own lines (Pat out, Jo back in), then the flag it raised, then the clearing.
    expect(res.json.audit.map((a: Json) => a.kind)).toEqual([
      'payout_recorded',
      'entry_corrected',
      'entry_corrected',
      'winners_changed',
      'review_cleared',
    ]);
    expect(res.json.audit.at(-1).message).toMatch(
      /^Review cleared\. It was flagged because: The result of Arsenal/,
    );
    const again = await admin.post(`/api/admin/competitions/${compId}/review/clear`);
    expect(again.status).toBe(409);
    expect((await admin.get('/api/admin/competition-reviews')).json.reviews).toEqual([]);
  });

  it('lists the corrections of a match and of a round, for admins only', async () => {
    const me = (await admin.get('/api/me')).json;
    const arsenal = fixture('Arsenal').id;
    const one = await admin.get(`/api/admin/fixtures/${arsenal}/corrections`);
    expect(one.status).toBe(200);
    expect(one.json.corrections).toEqual([
      {
        id: expect.any(String),
        fixtureId: arsenal,
        byUserId: me.user.id,
        byName: me.user.name,
        at: '2024-08-27T13:00:00.000Z',
        old: { home: 2, away: 0, status: 'finished' },
        new: { home: 0, away: 1, status: 'finished' },
      },
    ]);
    const season = await seasonId(server);
    const round = await admin.get(`/api/admin/seasons/${season}/rounds/1/corrections`);
    expect(round.json.corrections.map((c: Json) => [c.fixtureId, c.new.home, c.new.away])).toEqual([
      [fixture('Chelsea').id, 0, 3],
      [arsenal, 0, 1],
    ]);
    expect((await admin.get(`/api/admin/seasons/${season}/rounds/2/corrections`)).json.corrections).toEqual(
      [],
    );
    expect((await players[0]?.get(`/api/admin/fixtures/${arsenal}/corrections`))?.status).toBe(403);
    expect((await otherAdmin.get(`/api/admin/fixtures/${arsenal}/corrections`)).json.corrections).toEqual([]);
    expect((await admin.get(`/api/admin/fixtures/${crypto.randomUUID()}/corrections`)).status).toBe(404);
    expect((await admin.get('/api/admin/fixtures/nope/corrections')).status).toBe(400);
  });
});
