import { type Rules, settleCompetition } from '@lastman/game';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, competitions, entries, picks, user } from '../src/db/schema/index.ts';
import { findClubBySlug } from '../src/features/clubs/queries.ts';
import { listSeasonFixtures } from '../src/features/fixtures/queries.ts';
import { seasonModel } from '../src/features/fixtures/season-model.ts';
import { advanceCompetition } from '../src/features/settlement/settle.ts';
import { seasonId } from './game-helpers.ts';
import { backends, startTestServer, type TestServer } from './support/test-server.ts';

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const variants: { name: string; rules: Rules; startRound: number }[] = [
  {
    name: 'defaults',
    rules: {
      draw: 'eliminate',
      reuse: 'never',
      missedPick: 'eliminate',
      postponed: 'survive',
      allOut: 'rollover',
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
    },
    startRound: 1,
  },
];

/** The SQL settlement must agree with the pure engine (which the replay command uses) on every entry. */
describe.each(backends())('set-based settlement agrees with the engine on %s', (backend) => {
  let server: TestServer;
  let season: string;
  let clubId: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2025-07-01T00:00:00Z' });
    season = await seasonId(server);
    const club = await findClubBySlug(server.db, 'red-lion');
    if (!club) throw new Error('no demo club');
    clubId = club.id;
    const [u] = await server.db.select().from(user).where(eq(user.clubId, clubId)).limit(1);
    userId = u?.id ?? '';
    expect(await server.db.select().from(clubs)).not.toHaveLength(0);
  });
  afterAll(() => server?.close());

  for (const [v, variant] of variants.entries()) {
    it(`${variant.name}: 60 entries over the whole season`, async () => {
      const model = seasonModel(await listSeasonFixtures(server.db, { clubId, seasonId: season }));
      const random = prng(1000 + v);
      const [comp] = await server.db
        .insert(competitions)
        .values({
          clubId,
          seasonId: season,
          name: variant.name,
          status: 'running',
          prizeModel: 'free',
          startRound: variant.startRound,
          rules: variant.rules,
        })
        .returning();
      if (!comp) throw new Error('no competition');
      const engineEntries: { id: string; picks: Record<string, string> }[] = [];
      for (let i = 0; i < 60; i++) {
        const [e] = await server.db
          .insert(entries)
          .values({ clubId, competitionId: comp.id, userId, status: 'active' })
          .returning();
        if (!e) throw new Error('no entry');
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
        const rows = Object.entries(chosen).map(([round, name]) => ({
          clubId,
          competitionId: comp.id,
          entryId: e.id,
          round: Number(round),
          teamId: model.idByName.get(name) as string,
        }));
        if (rows.length > 0) await server.db.insert(picks).values(rows);
      }

      const expected = settleCompetition({
        rules: variant.rules,
        teams: model.teamNames,
        rounds: model.rounds,
        startRound: variant.startRound,
        entries: engineEntries,
      });
      await server.db.transaction((tx) => advanceCompetition(tx, comp.id, server.clock.now().getTime()));

      const rows = await server.db.select().from(entries).where(eq(entries.competitionId, comp.id));
      const [after] = await server.db.select().from(competitions).where(eq(competitions.id, comp.id));
      expect(after?.status).toBe(expected.decided ? 'finished' : 'running');
      expect(after?.finalRound).toBe(expected.decided ? expected.finalRound : null);
      const outIn = new Map<string, number>();
      for (const r of expected.rounds) {
        if (r.survived.length === 0 && r.eliminated.length > 0 && expected.winners.length > 0) continue; // a split
        for (const id of r.eliminated) outIn.set(id, r.round);
      }
      const winners = new Set(expected.winners);
      for (const row of rows) {
        const want = winners.has(row.id) ? 'won' : outIn.has(row.id) ? 'eliminated' : 'active';
        expect({ id: row.id, status: row.status, round: row.eliminatedRound }).toEqual({
          id: row.id,
          status: want,
          round: want === 'eliminated' ? (outIn.get(row.id) ?? null) : null,
        });
      }
    });
  }
});
