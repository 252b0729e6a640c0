import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions } from '../../src/db/schema/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { ROUND1_DEADLINE, seasonId, teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { otherClubAdmin, signedIn } from '../support/world.ts';

/** Lives and buy-back settings: checked on the way in, fixed once open, settled set-based. */
describe.each(backends())('lives on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let otherAdmin: HttpClient;
  const players: HttpClient[] = [];
  let season: string;
  let compId: string;
  const entry: string[] = [];
  const body = () => ({
    name: 'Three Lions',
    seasonId: season,
    startRound: 1,
    prizeModel: 'free',
    prizePence: 2500,
    rules: { lives: 1 },
    buyBack: { untilRound: 3, pricePence: 0 },
  });

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    season = await seasonId(server);
    admin = await signedIn(server, 'admin@redlion.test');
    otherAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
    for (const n of [1, 2, 3]) players.push(await signedIn(server, `player${n}@redlion.test`));
  });
  afterAll(() => server?.close());

  it('refuses lives and buy-backs out of range with a message saying what to do, writing nothing', async () => {
    const before = (await admin.get('/api/competitions')).json.competitions.length;
    const cases: [Json, RegExp][] = [
      [{ rules: { lives: 4 } }, /rules\.lives: must be 0 to 3 lives: choose 3 or fewer/],
      [{ rules: { lives: -1 } }, /rules\.lives: must be 0 to 3 lives/],
      [{ rules: { lives: 1.5 } }, /rules\.lives: must be a whole number of lives/],
      [{ rules: { lives: '1' } }, /rules\.lives/],
      [
        { buyBack: { untilRound: 3, pricePence: -1 } },
        /buyBack\.pricePence: must be 0 \(a free rejoin\) or more/,
      ],
      [
        { buyBack: { untilRound: 3, pricePence: 1_000_001 } },
        /buyBack\.pricePence: must be at most 1000000 \(£10,000\)/,
      ],
      [
        { buyBack: { untilRound: 0, pricePence: 0 } },
        /buyBack\.untilRound: must be 1 \(the competition's first round\) or later/,
      ],
      // The window in the competition's own rounds: from gameweek 30 the season has 9 left.
      [
        { startRound: 30, buyBack: { untilRound: 10, pricePence: 0 } },
        /first 10 rounds: from gameweek 30 the season has only 9 \(it ends at gameweek 38\)\. Choose 9 or fewer/,
      ],
    ];
    for (const [change, message] of cases) {
      const res = await admin.post('/api/admin/competitions', { ...body(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
    expect((await admin.get('/api/competitions')).json.competitions).toHaveLength(before);
  });

  it('creates a competition with a life and a buy-back, editable until it opens, fixed after', async () => {
    const created = await admin.post('/api/admin/competitions', body());
    expect(created.status).toBe(201);
    compId = created.json.competition.id;
    expect(created.json.competition.rules).toMatchObject({ draw: 'eliminate', lives: 1 });
    expect(created.json.competition.buyBack).toEqual({ untilRound: 3, pricePence: 0 });
    const draft = await admin.patch(`/api/admin/competitions/${compId}`, {
      rules: { lives: 2 },
      buyBack: { untilRound: 2, pricePence: 0 },
    });
    expect(draft.status).toBe(200);
    expect(draft.json.competition).toMatchObject({ rules: { lives: 2 }, buyBack: { untilRound: 2 } });
    // A later starting round takes the window along: still the competition's first 2 rounds.
    const later = await admin.patch(`/api/admin/competitions/${compId}`, { startRound: 3 });
    expect(later.status).toBe(200);
    expect(later.json.competition).toMatchObject({ startRound: 3, buyBack: { untilRound: 2 } });
    const [row] = await server.db.select().from(competitions).where(eq(competitions.id, compId));
    expect(row).toMatchObject({ startRound: 3, buyBackUntilRound: 4 });
    expect((await admin.patch(`/api/admin/competitions/${compId}`, { startRound: 1 })).status).toBe(200);
    const back = await admin.patch(`/api/admin/competitions/${compId}`, {
      rules: { lives: 1 },
      buyBack: null,
    });
    expect(back.json.competition).toMatchObject({ rules: { lives: 1 }, buyBack: null });
    expect((await admin.post(`/api/admin/competitions/${compId}/open`)).status).toBe(200);

    for (const change of [{ rules: { lives: 2 } }, { buyBack: { untilRound: 2, pricePence: 0 } }]) {
      const res = await admin.patch(`/api/admin/competitions/${compId}`, change);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(/Lives and buy-backs are fixed once a competition opens/);
    }
    // The same values are no change.
    const same = await admin.patch(`/api/admin/competitions/${compId}`, {
      name: 'Three Lions',
      rules: { lives: 1 },
      buyBack: null,
    });
    expect(same.status).toBe(200);
    const old = await admin.post('/api/admin/competitions', { ...body(), rules: {}, buyBack: undefined });
    expect(old.json.competition).toMatchObject({ rules: { lives: 0 }, buyBack: null });
  });

  it("takes a buy-back's window in the competition's own rounds, and its price is the entry fee unless given", async () => {
    const paid = {
      ...body(),
      name: 'Gameweek Ten Cup',
      prizeModel: 'pool',
      prizePence: 0,
      entryFeePence: 1000,
    };
    const res = await admin.post('/api/admin/competitions', {
      ...paid,
      startRound: 10,
      buyBack: { untilRound: 3 },
    });
    expect(res.status).toBe(201);
    // Round 3 is the competition's third: gameweek 12 of the season.
    expect(res.json.competition.buyBack).toEqual({ untilRound: 3, pricePence: 1000 });
    const id = res.json.competition.id as string;
    const [row] = await server.db.select().from(competitions).where(eq(competitions.id, id));
    expect(row).toMatchObject({ startRound: 10, buyBackUntilRound: 12, buyBackPricePence: 1000 });
    // A new fee with a window given again without a price: the new fee.
    const edited = await admin.patch(`/api/admin/competitions/${id}`, {
      entryFeePence: 750,
      buyBack: { untilRound: 1 },
    });
    expect(edited.json.competition.buyBack).toEqual({ untilRound: 1, pricePence: 750 });
    // A price given is kept, 0 included (a free rejoin in a paid competition).
    const free = await admin.patch(`/api/admin/competitions/${id}`, {
      buyBack: { untilRound: 2, pricePence: 0 },
    });
    expect(free.json.competition.buyBack).toEqual({ untilRound: 2, pricePence: 0 });
  });

  it('every entry shows its lives while open; a knock-out costs a life and the entry stays in', async () => {
    for (const [i, c] of players.entries()) {
      const res = await c.post(`/api/competitions/${compId}/entries`);
      expect(res.status).toBe(201);
      entry[i] = res.json.id;
    }
    const open = (await players[0]?.get(`/api/competitions/${compId}`))?.json;
    expect(open.standings.map((s: Json) => s.livesLeft)).toEqual([1, 1, 1]);
    expect(open.myEntries[0].livesLeft).toBe(1);

    // 2024-25 Matchday 1: Arsenal beat Wolves, Everton lost to Brighton; the third player misses it.
    const round1 = (await players[0]?.get(`/api/competitions/${compId}/rounds/1/fixtures`))?.json.fixtures;
    expect(
      (await players[0]?.put(`/api/entries/${entry[0]}/picks/1`, { teamId: teamIn(round1, 'Arsenal') }))
        ?.status,
    ).toBe(200);
    expect(
      (await players[1]?.put(`/api/entries/${entry[1]}/picks/1`, { teamId: teamIn(round1, 'Everton') }))
        ?.status,
    ).toBe(200);

    server.clock.set(new Date(Date.parse(ROUND1_DEADLINE) + 1000));
    const picks = await players[0]?.get(`/api/competitions/${compId}/rounds/1/picks`);
    expect(picks?.json.public).toBe(true);
    // The per-team counts and the public picks say nothing of lives.
    expect(JSON.stringify(picks?.json)).not.toMatch(/lives/i);

    server.clock.set('2024-08-21T12:00:00Z');
    await runSettlementPass(server);
    const detail = (await players[0]?.get(`/api/competitions/${compId}`))?.json;
    expect(detail.competition.status).toBe('running');
    expect(detail.rounds[0]).toMatchObject({ round: 1, survivors: 3, eliminated: 0, livesLost: 2 });
    const lives = Object.fromEntries(detail.standings.map((s: Json) => [s.entryId, [s.status, s.livesLeft]]));
    expect(lives).toEqual({
      [entry[0] as string]: ['active', 1],
      [entry[1] as string]: ['active', 0],
      [entry[2] as string]: ['active', 0],
    });
    const mine = (await players[1]?.get('/api/entries'))?.json.entries.find((e: Json) => e.id === entry[1]);
    expect(mine).toMatchObject({ status: 'active', livesLeft: 0 });
    // The pick lost, but it cost a life, not the entry: every list of picks says so, as the card does.
    expect(mine.picks[0]).toMatchObject({ teamName: 'Everton FC', outcome: 'eliminated', lostLife: true });
    const history = await players[0]?.get(`/api/competitions/${compId}/entries/${entry[1]}/picks`);
    expect(history?.json.picks).toEqual([expect.objectContaining({ round: 1, lostLife: true })]);
    const roundPicks = (await players[0]?.get(`/api/competitions/${compId}/rounds/1/picks`))?.json.picks;
    expect(roundPicks.map((p: Json) => [p.teamName, p.outcome, p.lostLife]).sort()).toEqual([
      ['Arsenal FC', 'survived', false],
      ['Everton FC', 'eliminated', true],
    ]);
    const card = (await players[1]?.get(`/api/competitions/${compId}`))?.json.myEntries[0];
    expect(card.picks[0]).toMatchObject({ outcome: 'eliminated', lostLife: true });
  });

  it('a correction gives back a life lost in the rounds it re-settles', async () => {
    const round1 = (await admin.get(`/api/competitions/${compId}/rounds/1/fixtures`)).json.fixtures;
    const everton = round1.find((f: Json) => f.home.name === 'Everton FC');
    const res = await admin.put(`/api/admin/fixtures/${everton.id}/result`, {
      home: 1,
      away: 0,
      status: 'finished',
    });
    expect(res.status).toBe(200);
    expect(res.json.resettled).toContain(compId);
    const detail = (await players[0]?.get(`/api/competitions/${compId}`))?.json;
    expect(detail.rounds[0]).toMatchObject({ survivors: 3, eliminated: 0, livesLost: 1 });
    const lives = Object.fromEntries(detail.standings.map((s: Json) => [s.entryId, s.livesLeft]));
    expect(lives).toEqual({ [entry[0] as string]: 1, [entry[1] as string]: 1, [entry[2] as string]: 0 });
  });

  it("the admin's what-if preview plays lives and buy-backs", async () => {
    const res = await admin.post(`/api/admin/competitions/${compId}/replay`, {
      rules: { lives: 0 },
      buyBack: { untilRound: 1, pricePence: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.json.actual).toMatchObject({
      rules: { lives: 1 },
      buyBack: null,
      rounds: [{ round: 1, survivors: 3, eliminated: 0, livesLost: 1, boughtBack: 0 }],
    });
    // With no lives the missed pick is out, and bought back in (every owner buys back in a what-if).
    expect(res.json.variant).toMatchObject({
      rules: { lives: 0 },
      buyBack: { untilRound: 1, pricePence: 0 },
      rounds: [{ round: 1, survivors: 2, eliminated: 1, livesLost: 0, boughtBack: 1 }],
    });
  });

  it("another club's admin sees nothing of it", async () => {
    expect((await otherAdmin.get(`/api/competitions/${compId}`)).status).toBe(404);
    expect((await otherAdmin.patch(`/api/admin/competitions/${compId}`, { name: 'x' })).status).toBe(404);
  });
});
