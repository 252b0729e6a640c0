import type { RoundAnalysis } from '@lastman/game';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, fixtures, picks, roundSettlements, user } from '../../src/db/schema/index.ts';
import { listSeasonFixtures } from '../../src/domains/game/fixtures/queries.ts';
import { type SeasonModel, seasonModel } from '../../src/domains/game/fixtures/season-model.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { seasonId } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, aResult, signedIn, someEntries, somePicks } from '../support/world.ts';

const HOUR = 3_600_000;
const FREE = { prizeModel: 'free', entryFeePence: 0, houseSharePercent: 0, minEntries: 1 } as const;

/** Teams of a round by how their counted match ended, from the data as imported. */
function teamsBy(round: RoundAnalysis, want: 'win' | 'loss'): string[] {
  const out: string[] = [];
  for (const [team, f] of round.countedFixture) {
    if (!f?.result || f.result.home === f.result.away) continue;
    const homeWon = f.result.home > f.result.away;
    if (((f.home === team) === homeWon) === (want === 'win')) out.push(team);
  }
  return out.sort();
}

/** Rounds in a live season: reuse cycles and moved matches on the pick screen, picking ahead, 48 hours. */
describe.each(backends())('rounds in a live season on %s', (backend) => {
  let server: TestServer;
  let season: string;
  let clubId: string;
  let model: SeasonModel;
  const players: HttpClient[] = [];
  const playerIds: string[] = [];

  const round = (n: number) => model.byLabel.get(n) as RoundAnalysis;
  const teamId = (name: string) => model.idByName.get(name) as string;
  const deadlineOf = (n: number) => (round(n).firstCountedKickoff as number) - 60 * 60_000;
  const pick = (p: number, entry: string, r: number, team: string) =>
    (players[p] as HttpClient).put(`/api/entries/${entry}/picks/${r}`, {
      teamId: teamId(team),
    });
  const enter = async (p: number, comp: string): Promise<string> => {
    const res = await (players[p] as HttpClient).post(`/api/competitions/${comp}/entries`);
    expect(res.status).toBe(201);
    return res.json.id;
  };
  /** A counted match whose result has not come in (yet): as the importer stores one before full time. */
  const withoutResult = async (fixtureId: string) => {
    const [before] = await server.db.select().from(fixtures).where(eq(fixtures.id, fixtureId));
    await aResult(server, { fixtureId, status: 'scheduled' });
    return async () => {
      await aResult(server, {
        fixtureId,
        status: 'finished',
        home: before?.homeScore,
        away: before?.awayScore,
      });
    };
  };
  const settledRounds = async (comp: string) =>
    (
      await server.db
        .select({ round: roundSettlements.round })
        .from(roundSettlements)
        .where(eq(roundSettlements.competitionId, comp))
    ).map((r) => r.round);

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-01T12:00:00Z' });
    season = await seasonId(server);
    for (const n of [1, 2, 3]) {
      const c = await signedIn(server, `player${n}@redlion.test`);
      players.push(c);
      const [u] = await server.db
        .select()
        .from(user)
        .where(eq(user.email, `player${n}@redlion.test`));
      playerIds.push(u?.id ?? '');
      clubId = u?.lastClubId ?? '';
    }
    model = seasonModel(await listSeasonFixtures(server.db, { clubId, seasonId: season }));
  });
  afterAll(() => server?.close());

  it('48 hours after the last counted kick-off a round settles without a missing result: that match is postponed', async () => {
    const N = 5;
    server.clock.set(new Date(deadlineOf(N) - 24 * HOUR));
    const comp = await aCompetition(server, { ...FREE, name: 'Forty-eight hours', startRound: N });
    const a = await enter(0, comp.id);
    const b = await enter(1, comp.id);
    // The match without a result: its home team is entry A's pick (it would have lost or drawn).
    const missing = round(N).fixtures.find(
      (f) => !f.rescheduledOut && f.fixture.result && f.fixture.result.home <= f.fixture.result.away,
    );
    if (!missing) throw new Error('no such fixture');
    const winner = teamsBy(round(N), 'win').find(
      (t) => t !== missing.fixture.home && t !== missing.fixture.away,
    ) as string;
    expect((await pick(0, a, N, missing.fixture.home)).status).toBe(200);
    expect((await pick(1, b, N, winner)).status).toBe(200);
    await withoutResult(missing.fixture.id);
    const now = seasonModel(await listSeasonFixtures(server.db, { clubId, seasonId: season })).byLabel.get(N);
    const last = now?.lastCountedKickoff as number;
    expect(last).toBe(round(N).lastCountedKickoff);

    server.clock.set(new Date(last + 47 * HOUR));
    await runSettlementPass(server);
    expect(await settledRounds(comp.id)).toEqual([]);
    const waiting = await players[0]?.get(`/api/competitions/${comp.id}`);
    expect(waiting?.json.rounds.find((r: Json) => r.round === N).state).toBe('locked');

    server.clock.set(new Date(last + 48 * HOUR));
    await runSettlementPass(server);
    expect(await settledRounds(comp.id)).toEqual([N]);
    const [survivor] = await server.db.select().from(entries).where(eq(entries.id, a));
    expect(survivor?.status).toBe('active');
    const [p] = await server.db.select().from(picks).where(eq(picks.entryId, a));
    expect(p?.outcome).toBe('survived');
    const [settlement] = await server.db
      .select()
      .from(roundSettlements)
      .where(eq(roundSettlements.competitionId, comp.id));
    expect(settlement?.record.outcomes[teamId(missing.fixture.home)]).toMatchObject({
      outcome: 'postponed',
      survives: true,
    });
    expect(settlement?.record.fixtures.find((f) => f.id === missing.fixture.id)?.score).toBeNull();
    expect(settlement?.record).toMatchObject({ survivors: 2, eliminated: 0 });
  });
  it('after a deadline, with its round unsettled, the next round is offered and its pick lapses if the entry goes out', async () => {
    const N = 8;
    server.clock.set(new Date(deadlineOf(N) - 24 * HOUR));
    const comp = await aCompetition(server, { ...FREE, name: 'Pick ahead', startRound: N });
    const ids = [await enter(0, comp.id), await enter(1, comp.id), await enter(2, comp.id)];
    const [loser] = teamsBy(round(N), 'loss');
    const [w1, w2] = teamsBy(round(N), 'win');
    if (!loser || !w1 || !w2) throw new Error('round 8 has no clear results');
    expect((await pick(0, ids[0] as string, N, loser)).status).toBe(200);
    expect((await pick(1, ids[1] as string, N, w1)).status).toBe(200);
    expect((await pick(2, ids[2] as string, N, w2)).status).toBe(200);
    // A counted match of the round whose result is not in, between other teams.
    const pending = round(N).fixtures.find(
      (f) => !f.rescheduledOut && ![loser, w1, w2].some((t) => t === f.fixture.home || t === f.fixture.away),
    );
    if (!pending) throw new Error('no other fixture');
    const resultArrives = await withoutResult(pending.fixture.id);

    server.clock.set(new Date(deadlineOf(N) + 60_000));
    await runSettlementPass(server);
    expect(await settledRounds(comp.id)).toEqual([]);
    const summary = (await players[0]?.get('/api/competitions'))?.json.competitions.find(
      (c: Json) => c.id === comp.id,
    );
    expect(summary).toMatchObject({
      status: 'running',
      currentRound: N,
      pickRound: N + 1,
      pickDeadline: new Date(deadlineOf(N + 1)).toISOString(),
    });
    const detail = await players[0]?.get(`/api/competitions/${comp.id}`);
    expect(detail?.json.competition).toMatchObject({ currentRound: N, pickRound: N + 1 });
    expect(detail?.json.rounds.find((r: Json) => r.round === N).state).toBe('locked');

    // Every entry may pick ahead, the one about to go out included (it does not know yet).
    const ahead = teamsBy(round(N + 1), 'win').filter((t) => ![loser, w1, w2].includes(t));
    for (const [i, id] of ids.entries()) {
      const res = await pick(i, id, N + 1, ahead[i] as string);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ round: N + 1, outcome: null });
    }

    // The result comes in: round N settles and entry 1 is out; its pick for N + 1 lapses.
    await resultArrives();
    await runSettlementPass(server);
    expect(await settledRounds(comp.id)).toEqual([N]);
    const [out] = await server.db
      .select()
      .from(entries)
      .where(eq(entries.id, ids[0] as string));
    expect(out).toMatchObject({ status: 'eliminated', eliminatedRound: N });
    const refused = await pick(0, ids[0] as string, N + 1, ahead[0] as string);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('ENTRY_NOT_ACTIVE');

    server.clock.set(new Date(deadlineOf(N + 1) + 60_000));
    const publicPicks = await players[1]?.get(`/api/competitions/${comp.id}/rounds/${N + 1}/picks`);
    expect(publicPicks?.json.public).toBe(true);
    expect(publicPicks?.json.picks.map((p: Json) => p.entryId).sort()).toEqual(
      [ids[1], ids[2]].map(String).sort(),
    );
    server.clock.set(new Date((round(N + 1).lastCountedKickoff as number) + 3 * HOUR));
    await runSettlementPass(server);
    expect(await settledRounds(comp.id)).toEqual([N, N + 1]);
    const [lapsed] = await server.db
      .select()
      .from(picks)
      .where(and(eq(picks.entryId, ids[0] as string), eq(picks.round, N + 1)));
    expect(lapsed?.outcome).toBeNull();
    const [still] = await server.db
      .select()
      .from(entries)
      .where(eq(entries.id, ids[0] as string));
    expect(still).toMatchObject({ status: 'eliminated', eliminatedRound: N });
    const [settlement] = await server.db
      .select()
      .from(roundSettlements)
      .where(and(eq(roundSettlements.competitionId, comp.id), eq(roundSettlements.round, N + 1)));
    expect(settlement?.record.survivors).toBe(2);
  });

  it('a team whose only match was moved out of the round can be picked, and counts as postponed', async () => {
    // 2024-25 round 15: Everton v Liverpool (7 Dec 2024) was played on 12 Feb 2025.
    const moved = round(15).fixtures.find((f) => f.rescheduledOut);
    expect(moved?.fixture).toMatchObject({ home: 'Everton FC', away: 'Liverpool FC', date: '2025-02-12' });
    expect(round(15).countedFixture.get('Everton FC')).toBeNull();
    server.clock.set(new Date(deadlineOf(15) - 24 * HOUR));
    const comp = await aCompetition(server, { ...FREE, name: 'Moved out', startRound: 15 });
    const a = await enter(0, comp.id);
    const b = await enter(1, comp.id);
    const list = await players[0]?.get(`/api/competitions/${comp.id}/rounds/15/fixtures`);
    const view = list?.json.fixtures.find((f: Json) => f.home.name === 'Everton FC');
    expect(view).toMatchObject({ rescheduledOut: true, away: { name: 'Liverpool FC' } });
    expect(list?.json.entries[0].usedTeams).toEqual([]);
    const res = await pick(0, a, 15, 'Everton FC');
    expect(res.status).toBe(200);
    expect(res.json.teamName).toBe('Everton FC');
    const winner = teamsBy(round(15), 'win')[0] as string;
    expect((await pick(1, b, 15, winner)).status).toBe(200);

    server.clock.set(new Date((round(15).lastCountedKickoff as number) + 3 * HOUR));
    await runSettlementPass(server);
    expect(await settledRounds(comp.id)).toEqual([15]);
    const [everton] = await server.db.select().from(picks).where(eq(picks.entryId, a));
    expect(everton?.outcome).toBe('survived');
    const [settlement] = await server.db
      .select()
      .from(roundSettlements)
      .where(eq(roundSettlements.competitionId, comp.id));
    expect(settlement?.record.outcomes[teamId('Everton FC')]).toMatchObject({
      outcome: 'postponed',
      survives: true,
    });
  });

  it('reuse after all used: the pick screen greys out only the current cycle, as the server checks', async () => {
    const comp = await aCompetition(server, {
      ...FREE,
      name: 'Cycles',
      status: 'running',
      startRound: 1,
      rules: {
        draw: 'eliminate',
        reuse: 'afterAllUsed',
        missedPick: 'eliminate',
        postponed: 'survive',
        allOut: 'rollover',
      },
    });
    const [entry] = await someEntries(server, { competition: comp, userId: playerIds[0] as string });
    if (!entry) throw new Error('no entry');
    // Rounds 1-20: each of the season's 20 teams once (a full cycle); round 21: Arsenal again.
    const names = model.teamNames;
    expect(names).toHaveLength(20);
    await somePicks(server, comp, [
      ...names.map((name, i) => ({ entry, round: i + 1, teamId: teamId(name) })),
      { entry, round: 21, teamId: teamId('Arsenal FC') },
    ]);
    server.clock.set(new Date(deadlineOf(22) - 24 * HOUR));

    const fixtures21 = await players[0]?.get(`/api/competitions/${comp.id}/rounds/21/fixtures`);
    expect(fixtures21?.json.entries[0].usedTeams).toEqual([]);
    const fixtures22 = await players[0]?.get(`/api/competitions/${comp.id}/rounds/22/fixtures`);
    expect(fixtures22?.status).toBe(200);
    expect(fixtures22?.json.entries[0].usedTeams).toEqual([{ teamId: teamId('Arsenal FC'), round: 21 }]);

    // What the screen offers, the server takes; what it greys out, the server refuses.
    const usedBefore = names.find((n) => n !== 'Arsenal FC' && round(22).countedFixture.get(n)) as string;
    expect((await pick(0, entry.id, 22, usedBefore)).status).toBe(200);
    const again = await pick(0, entry.id, 22, 'Arsenal FC');
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('TEAM_ALREADY_USED');
  });
});
