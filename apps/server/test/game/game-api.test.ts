import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLED_SEASONS_DIR,
  importSeasonFile,
  readSeasonFile,
} from '../../src/domains/game/football/bundled.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { ROUND1_DEADLINE, seasonId, teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aTeam, signedIn } from '../support/world.ts';

describe.each(backends())('the game over HTTP on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  const players: HttpClient[] = [];
  let season: string;
  let compId: string;
  const entry: string[] = [];
  let round1: Json[];
  let round2: Json[];
  const team = (fixtures: Json[], name: string) => teamIn(fixtures, name);
  const pick = (i: number, round: number, teamId: string) =>
    (players[i] as HttpClient).put(`/api/entries/${entry[i]}/picks/${round}`, { teamId });

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    season = await seasonId(server);
    admin = await signedIn(server, 'admin@redlion.test');
    for (const n of [1, 2, 3]) players.push(await signedIn(server, `player${n}@redlion.test`));
  });
  afterAll(() => server?.close());

  it('lists every rule choice in plain words', async () => {
    const res = await players[0]?.get('/api/competition-rules');
    expect(res?.status).toBe(200);
    expect(res?.json.rules.map((r: Json) => r.rule)).toEqual([
      'draw',
      'reuse',
      'missedPick',
      'postponed',
      'allOut',
    ]);
    expect(res?.json.rules[0].choices[0]).toMatchObject({ value: 'eliminate', isDefault: true });
  });

  it('admins create, edit and open a competition; players cannot', async () => {
    const body = {
      name: 'Summer Survivor',
      seasonId: season,
      startRound: 1,
      prizeModel: 'free',
      prizePence: 5000,
    };
    expect((await players[0]?.post('/api/admin/competitions', body))?.status).toBe(403);
    const bad = await admin.post('/api/admin/competitions', { ...body, startRound: 45 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/starting round/);
    expect((await admin.post('/api/admin/competitions', { ...body, entryFeePence: 500 })).status).toBe(400);
    const created = await admin.post('/api/admin/competitions', body);
    expect(created.status).toBe(201);
    compId = created.json.competition.id;
    expect(created.json.competition).toMatchObject({ status: 'draft', potPence: 5000, currentRound: 1 });
    expect(created.json.competition.deadline).toBe(ROUND1_DEADLINE);
    // A draft is invisible to players.
    expect((await players[0]?.get(`/api/competitions/${compId}`))?.status).toBe(404);
    const edited = await admin.patch(`/api/admin/competitions/${compId}`, {
      maxEntriesPerPlayer: 1,
      minEntries: 2,
    });
    expect(edited.status).toBe(200);
    const opened = await admin.post(`/api/admin/competitions/${compId}/open`);
    expect(opened.status).toBe(200);
    expect(opened.json.competition.status).toBe('open');
    // Open, its words may change; its rules, fee and rounds may not (the same values are no change).
    const name = opened.json.competition.name;
    const renamed = await admin.patch(`/api/admin/competitions/${compId}`, {
      name: 'Renamed',
      description: 'Winner buys the first round.',
      startRound: opened.json.competition.startRound,
      rules: { ...opened.json.competition.rules },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.competition).toMatchObject({
      name: 'Renamed',
      description: 'Winner buys the first round.',
    });
    const seen = await players[0]?.get(`/api/competitions/${compId}`);
    expect(seen?.json.competition.description).toBe('Winner buys the first round.');
    const again = await admin.patch(`/api/admin/competitions/${compId}`, { name: 'Again', prizePence: 1 });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      code: 'COMPETITION_NOT_EDITABLE',
      message:
        'This competition is open: only its name and description can change now, not its rules, fee or rounds (prizePence).',
    });
    expect((await admin.patch(`/api/admin/competitions/${compId}`, { name })).status).toBe(200);
  });

  it('players join a free competition up to their allowance; a paid one needs an order', async () => {
    for (const [i, c] of players.entries()) {
      const res = await c.post(`/api/competitions/${compId}/entries`);
      expect(res.status).toBe(201);
      expect(res.json.status).toBe('active');
      entry[i] = res.json.id;
    }
    const twice = await players[0]?.post(`/api/competitions/${compId}/entries`);
    expect(twice?.status).toBe(409);
    expect(twice?.json.error.code).toBe('ENTRY_LIMIT_REACHED');

    const paid = await admin.post('/api/admin/competitions', {
      name: 'Paid',
      seasonId: season,
      startRound: 1,
      prizeModel: 'pool',
      entryFeePence: 1000,
      houseSharePercent: 10,
    });
    await admin.post(`/api/admin/competitions/${paid.json.competition.id}/open`);
    const refused = await players[0]?.post(`/api/competitions/${paid.json.competition.id}/entries`);
    expect(refused?.status).toBe(402);
    expect(refused?.json.error.code).toBe('PAYMENT_REQUIRED');

    const list = await players[0]?.get('/api/competitions');
    const mine = list?.json.competitions.find((c: Json) => c.id === compId);
    expect(mine).toMatchObject({
      status: 'open',
      entriesTotal: 3,
      entriesRemaining: 3,
      myEntries: 1,
      potPence: 5000,
    });
  });

  it('shows a round with its fixtures and refuses bad picks with a reason', async () => {
    const res = await players[0]?.get(`/api/competitions/${compId}/rounds/1/fixtures`);
    expect(res?.status).toBe(200);
    expect(res?.json.fixtures).toHaveLength(10);
    expect(res?.json.deadline).toBe(ROUND1_DEADLINE);
    round1 = res?.json.fixtures;
    round2 = (await players[0]?.get(`/api/competitions/${compId}/rounds/2/fixtures`))?.json.fixtures;

    expect((await pick(0, 1, team(round1, 'Arsenal'))).status).toBe(200);
    expect((await pick(0, 1, team(round1, 'Chelsea'))).json.teamName).toBe('Chelsea FC');
    expect((await pick(0, 1, team(round1, 'Arsenal'))).json.teamName).toBe('Arsenal FC');
    expect((await pick(1, 1, team(round1, 'Liverpool'))).status).toBe(200);
    expect((await pick(2, 1, team(round1, 'Chelsea'))).status).toBe(200);

    const used = await pick(0, 2, team(round2, 'Arsenal'));
    expect(used.status).toBe(409);
    expect(used.json.error.code).toBe('TEAM_ALREADY_USED');
    expect(used.json.error.message).toMatch(/Arsenal FC in round 1/);

    const stranger = await aTeam(server, { name: 'Nowhere Rovers FC', shortName: 'Nowhere' });
    const notPlaying = await pick(0, 2, stranger?.id ?? '');
    expect(notPlaying.status).toBe(409);
    expect(notPlaying.json.error.code).toBe('TEAM_NOT_PLAYING');

    const theirs = await (players[0] as HttpClient).put(`/api/entries/${entry[1]}/picks/1`, {
      teamId: team(round1, 'Everton'),
    });
    expect(theirs.status).toBe(403);
    expect(
      (
        await (players[0] as HttpClient).put(`/api/entries/${crypto.randomUUID()}/picks/1`, {
          teamId: team(round1, 'Everton'),
        })
      ).status,
    ).toBe(404);
    expect((await pick(0, 1, '')).status).toBe(400);

    // Before the deadline each player sees only their own pick.
    const before = await players[0]?.get(`/api/competitions/${compId}/rounds/1/picks`);
    expect(before?.json.public).toBe(false);
    expect(before?.json.picks).toHaveLength(1);
    expect(before?.json.counts).toEqual([]);

    // A pick for the next round may be made already, and deleted.
    expect((await pick(0, 2, team(round2, 'Manchester City'))).status).toBe(200);
    expect((await players[0]?.delete(`/api/entries/${entry[0]}/picks/2`))?.status).toBe(204);
    expect((await players[0]?.delete(`/api/entries/${entry[0]}/picks/2`))?.status).toBe(404);
  });

  it('refuses a pick one second after the deadline and accepts one a second before', async () => {
    server.clock.set(new Date(Date.parse(ROUND1_DEADLINE) - 1000));
    expect((await pick(1, 1, team(round1, 'Liverpool'))).status).toBe(200);
    server.clock.set(new Date(Date.parse(ROUND1_DEADLINE) + 1000));
    const late = await pick(1, 1, team(round1, 'Arsenal'));
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('DEADLINE_PASSED');
    expect(late.json.error.message).toMatch(/closed at Fri 16 Aug.* 19:00/);
    expect((await players[1]?.delete(`/api/entries/${entry[1]}/picks/1`))?.status).toBe(409);
    // Entries closed with the first round.
    const c = await signedIn(server, 'player4@redlion.test');
    expect((await c.post(`/api/competitions/${compId}/entries`)).json.error.code).toBe(
      'COMPETITION_NOT_OPEN',
    );
  });

  it('after the deadline all picks of the round are public with counts per team', async () => {
    const res = await players[0]?.get(`/api/competitions/${compId}/rounds/1/picks`);
    expect(res?.json.public).toBe(true);
    expect(res?.json.picks).toHaveLength(3);
    expect(res?.json.counts.map((c: Json) => [c.teamName, c.count])).toEqual([
      ['Arsenal FC', 1],
      ['Chelsea FC', 1],
      ['Liverpool FC', 1],
    ]);
  });

  it('settles round 1 by the clock, then round 2 decides the winner', async () => {
    await runSettlementPass(server);
    let detail = (await players[0]?.get(`/api/competitions/${compId}`))?.json;
    expect(detail.competition.status).toBe('running');
    expect(detail.rounds[0]).toMatchObject({ round: 1, state: 'settled', survivors: 2, eliminated: 1 });
    expect(detail.myEntries[0].picks[0]).toMatchObject({
      round: 1,
      teamName: 'Arsenal FC',
      outcome: 'survived',
    });
    expect(detail.standings.map((s: Json) => [s.playerName, s.status, s.eliminatedRound])).toEqual([
      ['Jo Bloggs', 'active', null],
      ['Pat Player', 'active', null],
      ['Chris Kick', 'eliminated', 1],
    ]);
    expect(detail.competition.currentRound).toBe(2);
    const out = await pick(2, 2, team(round2, 'Arsenal'));
    expect(out.json.error.code).toBe('ENTRY_NOT_ACTIVE');
    expect(out.json.error.message).toMatch(/went out in round 1/);

    server.clock.set('2024-08-23T12:00:00Z');
    expect((await pick(0, 2, team(round2, 'Manchester City'))).status).toBe(200);
    expect((await pick(1, 2, team(round2, 'Everton'))).status).toBe(200);
    server.clock.set('2024-08-27T12:00:00Z');
    await runSettlementPass(server);
    detail = (await players[0]?.get(`/api/competitions/${compId}`))?.json;
    expect(detail.competition).toMatchObject({ status: 'finished', finalRound: 2, entriesRemaining: 1 });
    expect(detail.payouts).toEqual({
      winners: [{ entryId: entry[0], playerName: 'Pat Player', entryNumber: null, pence: 5000 }],
      remainderPence: 0,
    });
    // Settling again changes nothing.
    const again = await runSettlementPass(server);
    expect(again.settledRounds).toBe(0);
  });

  it('lists my entries across competitions with their picks', async () => {
    const res = await players[0]?.get('/api/entries');
    expect(res?.status).toBe(200);
    const mine = res?.json.entries.find((e: Json) => e.competitionId === compId);
    expect(mine).toMatchObject({ id: entry[0], status: 'won', orderId: null, competitionStatus: 'finished' });
    expect(mine.picks.map((p: Json) => [p.round, p.teamName, p.outcome])).toEqual([
      [1, 'Arsenal FC', 'survived'],
      [2, 'Manchester City FC', 'survived'],
    ]);
  });

  it('an admin correction is recorded and re-settles from its round', async () => {
    const arsenal = round1.find((f: Json) => f.home.name === 'Arsenal FC');
    const refused = await (players[0] as HttpClient).put(`/api/admin/fixtures/${arsenal.id}/result`, {
      home: 0,
      away: 1,
      status: 'finished',
    });
    expect(refused.status).toBe(403);
    const bad = await admin.put(`/api/admin/fixtures/${arsenal.id}/result`, {
      home: 0,
      away: null,
      status: 'finished',
    });
    expect(bad.status).toBe(400);
    const res = await admin.put(`/api/admin/fixtures/${arsenal.id}/result`, {
      home: 0,
      away: 1,
      status: 'finished',
    });
    expect(res.status).toBe(200);
    expect(res.json.correction).toMatchObject({
      old: { home: 2, away: 0, status: 'finished' },
      new: { home: 0, away: 1 },
    });
    expect(res.json.resettled).toContain(compId);
    expect(res.json.fixture).toMatchObject({ homeScore: 0, awayScore: 1, corrected: true });
    const detail = (await players[0]?.get(`/api/competitions/${compId}`))?.json;
    // Arsenal lost round 1 now: Pat went out, Jo was the only one left and won at round 1.
    expect(detail.competition).toMatchObject({ status: 'finished', finalRound: 1 });
    expect(detail.payouts.winners).toEqual([
      { entryId: entry[1], playerName: 'Jo Bloggs', entryNumber: null, pence: 5000 },
    ]);
    expect(detail.myEntries[0]).toMatchObject({ status: 'eliminated', eliminatedRound: 1 });
    // The correction is the club's own: the season's own data is untouched for other clubs.
    const round = await players[0]?.get(`/api/seasons/${season}/rounds/1`);
    expect(round?.json.fixtures.find((f: Json) => f.id === arsenal.id)).toMatchObject({
      homeScore: 0,
      corrected: true,
    });
  });

  it('lists seasons and a season round for the matches screen', async () => {
    const res = await players[0]?.get('/api/seasons');
    expect(res?.status).toBe(200);
    const s = res?.json.seasons.find((x: Json) => x.id === season);
    expect(s.rounds).toHaveLength(38);
    expect((await players[0]?.get(`/api/seasons/${season}/rounds/39`))?.status).toBe(404);
    expect((await server.client().get('/api/seasons')).status).toBe(401);
  });

  it('a season whose results stopped arriving has no current round months later', async () => {
    await importSeasonFile(
      server.db,
      await readSeasonFile(`${BUNDLED_SEASONS_DIR}premier-league-2025-26.json`),
    );
    const before = server.clock.now();
    const partial = async () =>
      (await players[0]?.get('/api/seasons'))?.json.seasons.find(
        (x: Json) => x.key === 'premier-league-2025-26',
      );
    try {
      server.clock.set('2027-06-01T12:00:00Z');
      const late = await partial();
      expect(late).toMatchObject({ stale: true, currentRound: null });
      expect(late.lastPlayedRound).toBeGreaterThan(0);
      expect(late.lastPlayedRound).toBeLessThan(38);
      // While its next round is being played, it is simply current.
      const next = late.rounds.find((r: Json) => r.round === late.lastPlayedRound + 1);
      server.clock.set(next.firstKickoff);
      const live = await partial();
      expect(live.stale).toBe(false);
      expect([late.lastPlayedRound, late.lastPlayedRound + 1]).toContain(live.currentRound);
    } finally {
      server.clock.set(before);
    }
  });

  it('an admin replays a competition under other rules without changing it', async () => {
    // Matchday 3: Arsenal drew with Brighton, Liverpool won at Old Trafford, Everton lost at home.
    const created = await admin.post('/api/admin/competitions', {
      name: 'What If Cup',
      seasonId: season,
      startRound: 3,
      prizeModel: 'free',
      prizePence: 2000,
    });
    const id = created.json.competition.id;
    expect((await admin.post(`/api/admin/competitions/${id}/replay`, { rules: {} })).status).toBe(404);
    await admin.post(`/api/admin/competitions/${id}/open`);
    const round3 = (await players[0]?.get(`/api/competitions/${id}/rounds/3/fixtures`))?.json.fixtures;
    for (const [i, name] of ['Arsenal', 'Liverpool', 'Everton'].entries()) {
      const c = players[i] as HttpClient;
      const joined = await c.post(`/api/competitions/${id}/entries`);
      const res = await c.put(`/api/entries/${joined.json.id}/picks/3`, {
        teamId: team(round3, name),
      });
      expect(res.status).toBe(200);
    }
    server.clock.set('2024-09-03T12:00:00Z');
    await runSettlementPass(server);

    const variant = { draw: 'survive' };
    expect((await players[0]?.post(`/api/admin/competitions/${id}/replay`, { rules: variant }))?.status).toBe(
      403,
    );
    const bad = await admin.post(`/api/admin/competitions/${id}/replay`, { rules: { draw: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/draw/);

    const res = await admin.post(`/api/admin/competitions/${id}/replay`, { rules: variant });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ entries: 3, throughRound: 3, potPence: 2000 });
    // Under its own rules the replay agrees with the real settlement: the draw knocked Pat out.
    expect(res.json.actual).toMatchObject({
      rules: { draw: 'eliminate' },
      rounds: [{ round: 3, status: 'played', survivors: 1, eliminated: 2, rollover: false }],
      decided: true,
      finalRound: 3,
      winners: ['Jo Bloggs'],
      payoutPence: 2000,
    });
    // If a draw were enough, Pat and Jo would both still be in, waiting for round 4.
    expect(res.json.variant).toMatchObject({
      rules: { draw: 'survive', reuse: 'never' },
      rounds: [{ round: 3, survivors: 2, eliminated: 1 }],
      decided: false,
      winners: [],
      payoutPence: null,
    });
    const after = (await admin.get(`/api/competitions/${id}`)).json;
    expect(after.competition).toMatchObject({
      status: 'finished',
      finalRound: 3,
      rules: { draw: 'eliminate' },
    });
  });

  it("numbers a player's entries where their name would repeat: standings and picks say 'Jo Bloggs (2)'", async () => {
    const created = await admin.post('/api/admin/competitions', {
      name: 'Two Each Cup',
      seasonId: season,
      startRound: 4,
      prizeModel: 'free',
      maxEntriesPerPlayer: 2,
    });
    const id = created.json.competition.id;
    await admin.post(`/api/admin/competitions/${id}/open`);
    const round4 = (await players[0]?.get(`/api/competitions/${id}/rounds/4/fixtures`))?.json.fixtures;
    const twice = players[0] as HttpClient;
    const once = players[1] as HttpClient;
    const first = (await twice.post(`/api/competitions/${id}/entries`)).json.id;
    const second = (await twice.post(`/api/competitions/${id}/entries`)).json.id;
    const single = (await once.post(`/api/competitions/${id}/entries`)).json.id;
    for (const [c, e, name] of [
      [twice, first, 'Arsenal'],
      [twice, second, 'Chelsea'],
      [once, single, 'Liverpool'],
    ] as const) {
      expect((await c.put(`/api/entries/${e}/picks/4`, { teamId: team(round4, name) })).status).toBe(200);
    }
    const detail = (await once.get(`/api/competitions/${id}`)).json;
    const numbers = Object.fromEntries(detail.standings.map((s: Json) => [s.entryId, s.entryNumber]));
    expect(numbers).toEqual({ [first]: 1, [second]: 2, [single]: null });

    server.clock.set('2024-09-20T12:00:00Z');
    const picks = (await once.get(`/api/competitions/${id}/rounds/4/picks`)).json;
    expect(picks.public).toBe(true);
    expect(Object.fromEntries(picks.picks.map((p: Json) => [p.entryId, p.entryNumber]))).toEqual(numbers);
  });
});
