import { competitionResult, compileCompetition, mulberry32, type Rules, settleFrom } from '@lastman/game';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, competitions, entries, roundSettlements, seasons, user } from '../../src/db/schema/index.ts';
import { findClubBySlug } from '../../src/domains/club/queries.ts';
import { listSeasonFixtures } from '../../src/domains/game/fixtures/queries.ts';
import { seasonModel } from '../../src/domains/game/fixtures/season-model.ts';
import { importBundledSeasons } from '../../src/domains/game/football/bundled.ts';
import { advanceCompetition } from '../../src/domains/game/settlement/settle.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, someEntries, somePicks } from '../support/world.ts';

const variants: { name: string; rules: Rules; startRound: number }[] = [
  {
    name: 'defaults',
    rules: {
      draw: 'eliminate',
      reuse: 'never',
      missedPick: 'eliminate',
      postponed: 'survive',
      allOut: 'rollover',
      lives: 0,
    },
    startRound: 1,
  },
  {
    name: 'every variant',
    rules: {
      draw: 'survive',
      reuse: 'afterAllUsed',
      missedPick: 'autoPick',
      postponed: 'eliminate',
      allOut: 'split',
      lives: 0,
    },
    startRound: 3,
  },
  {
    name: 'auto-picks with rollover',
    rules: {
      draw: 'survive',
      reuse: 'afterAllUsed',
      missedPick: 'autoPick',
      postponed: 'survive',
      allOut: 'rollover',
      lives: 0,
    },
    startRound: 1,
  },
  {
    name: 'two lives',
    rules: {
      draw: 'eliminate',
      reuse: 'never',
      missedPick: 'eliminate',
      postponed: 'survive',
      allOut: 'rollover',
      lives: 2,
    },
    startRound: 1,
  },
  {
    name: 'a life with every variant',
    rules: {
      draw: 'survive',
      reuse: 'afterAllUsed',
      missedPick: 'autoPick',
      postponed: 'eliminate',
      allOut: 'split',
      lives: 1,
    },
    startRound: 2,
  },
  {
    name: 'three lives, split',
    rules: {
      draw: 'eliminate',
      reuse: 'never',
      missedPick: 'eliminate',
      postponed: 'eliminate',
      allOut: 'split',
      lives: 3,
    },
    startRound: 5,
  },
];

/** Every bundled season: 2020-21 to 2022-23 have void rounds, 2025-26 stops part-way (unplayed rounds). */
const SEASONS = [
  'premier-league-2020-21',
  'premier-league-2021-22',
  'premier-league-2022-23',
  'premier-league-2023-24',
  'premier-league-2024-25',
  'premier-league-2025-26',
];
const ENTRIES = 30;

/**
 * Each season and variant once, shared out between the databases like a chessboard, so that each
 * database settles every season and every variant (the SQL is the same whatever the pair).
 */
const DATABASES = backends();
const runsOn = (backend: string, season: number, variant: number) =>
  DATABASES.indexOf(backend as (typeof DATABASES)[number]) === (season + variant) % DATABASES.length;

/** The SQL settlement must agree with the pure engine (which the replay command uses) on every entry. */
describe.each(DATABASES)('set-based settlement agrees with the engine on %s', (backend) => {
  let server: TestServer;
  const seasonIds = new Map<string, string>();
  let clubId: string;
  let userId: string;

  beforeAll(async () => {
    // After every season, the partial one included: its unplayed rounds stop both settlements.
    server = await startTestServer(backend, { seed: true, now: '2027-01-01T00:00:00Z' });
    await importBundledSeasons(server.db);
    for (const s of await server.db.select().from(seasons)) seasonIds.set(s.key, s.id);
    const club = await findClubBySlug(server.db, 'red-lion');
    if (!club) throw new Error('no demo club');
    clubId = club.id;
    const [u] = await server.db.select().from(user).where(eq(user.lastClubId, clubId)).limit(1);
    userId = u?.id ?? '';
    expect(await server.db.select().from(clubs)).not.toHaveLength(0);
  });
  afterAll(() => server?.close());

  describe.each(SEASONS)('%s', (key) => {
    for (const [v, variant] of variants.entries()) {
      if (!runsOn(backend, SEASONS.indexOf(key), v)) continue;
      it(`${variant.name}: ${ENTRIES} entries over the whole season`, async () => {
        const season = seasonIds.get(key) as string;
        const model = seasonModel(await listSeasonFixtures(server.db, { clubId, seasonId: season }));
        const random = mulberry32(1000 + v + 17 * SEASONS.indexOf(key));
        const comp = await aCompetition(server, {
          clubId,
          seasonId: season,
          name: `${key} ${variant.name}`,
          status: 'running',
          prizeModel: 'free',
          entryFeePence: 0,
          houseSharePercent: 0,
          startRound: variant.startRound,
          rules: variant.rules,
        });
        const rows = await someEntries(server, { competition: comp, userId, count: ENTRIES });
        const engineEntries: { id: string; picks: Record<string, string> }[] = [];
        const pickRows: { entry: { id: string }; round: number; teamId: string }[] = [];
        for (const [i, e] of rows.entries()) {
          const chosen: Record<string, string> = {};
          // Every fourth entry is perfect and tracks its own cycle, so competitions run long (reuse cycles).
          const perfect = i % 4 === 0;
          const skill = perfect ? 1 : random();
          const used = new Set<string>();
          for (const round of model.rounds) {
            if (round.round < variant.startRound || (!perfect && random() < 0.08)) continue;
            if (used.size === model.teamNames.length) used.clear();
            // Mostly teams that play (winners for the skilled), sometimes any team: reuse and non-playing picks happen.
            const pool = random() < 0.85 ? round.teams : model.teamNames;
            const winners = pool.filter((t) => {
              const f = round.countedFixture.get(t);
              return (
                f?.result && (f.home === t ? f.result.home > f.result.away : f.result.away > f.result.home)
              );
            });
            const fresh = winners.filter((t) => !used.has(t));
            const from =
              perfect && fresh.length > 0 ? fresh : random() < skill && winners.length > 0 ? winners : pool;
            const team = from[Math.floor(random() * from.length)] as string;
            used.add(team);
            chosen[String(round.round)] = team;
          }
          engineEntries.push({ id: e.id, picks: chosen });
          for (const [round, name] of Object.entries(chosen)) {
            pickRows.push({
              entry: e,
              round: Number(round),
              teamId: model.idByName.get(name) as string,
            });
          }
        }
        await somePicks(server, comp, pickRows);

        const compiled = compileCompetition({
          rules: variant.rules,
          teams: model.teamNames,
          rounds: model.rounds,
          startRound: variant.startRound,
          entries: engineEntries,
        });
        const state = settleFrom(compiled);
        const expected = competitionResult(compiled, state);
        await server.db.transaction((tx) =>
          advanceCompetition(tx, { competitionId: comp.id, now: server.clock.now().getTime() }),
        );

        const after = await server.db.select().from(entries).where(eq(entries.competitionId, comp.id));
        const [row] = await server.db.select().from(competitions).where(eq(competitions.id, comp.id));
        expect(row?.status).toBe(expected.decided ? 'finished' : 'running');
        expect(row?.finalRound).toBe(expected.decided ? expected.finalRound : null);
        const settled = await server.db
          .select()
          .from(roundSettlements)
          .where(eq(roundSettlements.competitionId, comp.id))
          .orderBy(roundSettlements.round);
        // Round by round: void or played, how many went through and out, and any rollover.
        expect(
          settled.map((r) => [
            r.round,
            r.status,
            r.record.survivors,
            r.record.eliminated,
            r.record.rollover,
            r.record.livesLost ?? 0,
          ]),
        ).toEqual(
          expected.rounds.map((r) => [
            r.round,
            r.status,
            r.survived.length,
            r.eliminated.length,
            r.rollover,
            r.livesLost?.length ?? 0,
          ]),
        );
        // Lives left per entry, as the engine counts them.
        const livesLeft = new Map(compiled.entryIds.map((id, i) => [id, state.lives[i]]));
        for (const e of after) expect([e.id, e.livesLeft]).toEqual([e.id, livesLeft.get(e.id)]);
        expect(settled.some((r) => r.status === 'void')).toBe(
          model.rounds.some(
            (r) => r.isVoid && r.round >= variant.startRound && r.round <= (row?.finalRound ?? 99),
          ),
        );
        const outIn = new Map<string, number>();
        for (const r of expected.rounds) {
          if (r.survived.length === 0 && r.eliminated.length > 0 && expected.winners.length > 0) continue; // a split
          for (const id of r.eliminated) outIn.set(id, r.round);
        }
        const winners = new Set(expected.winners);
        for (const e of after) {
          const want = winners.has(e.id) ? 'won' : outIn.has(e.id) ? 'eliminated' : 'active';
          expect({ id: e.id, status: e.status, round: e.eliminatedRound }).toEqual({
            id: e.id,
            status: want,
            round: want === 'eliminated' ? (outIn.get(e.id) ?? null) : null,
          });
        }
      });
    }
  });
});
