import { readFileSync } from 'node:fs';
import { analyseRounds, parseOpenfootballSeason, roundDeadline, teamOutcome } from '@lastman/game';
import { sql } from 'drizzle-orm';
import { tryLockCompetitionAdvisory } from '../apps/server/src/db/competition-locks.ts';
import { clubs, user } from '../apps/server/src/db/schema/index.ts';
import { sqlRows } from '../apps/server/src/db/sql-rows.ts';
import { importSeason } from '../apps/server/src/domains/game/football/importer.ts';
import { advanceCompetition } from '../apps/server/src/domains/game/settlement/settle.ts';
import { benchDatabase } from './pg-bench-db.ts';
import type { Benchmark, Figure } from './timing.ts';

const SEASON = new URL('../apps/server/seed/football/premier-league-2024-25.json', import.meta.url);
const ENTRIES = Number(process.env.BENCH_SETTLE_ENTRIES ?? 1_000_000);

/**
 * Settling round 1 of a competition with 1,000,000 active entries, each with a pick, through the
 * server's own settlement (engine team table + set-based SQL, with its checks and records), against
 * bare UPDATE ... FROM statements making the same writes to an identical competition in the same run.
 */
export const settleRoundBenchmark: Benchmark = {
  name: 'settle-round',
  description: `settling one round for ${ENTRIES.toLocaleString('en-GB')} entries in PostgreSQL vs bare SQL doing the same writes`,
  async run(): Promise<Figure[]> {
    const { database, drop } = await benchDatabase('settle');
    try {
      const db = database.db;
      const season = parseOpenfootballSeason(JSON.parse(readFileSync(SEASON, 'utf8')));
      const [club] = await db
        .insert(clubs)
        .values({ slug: 'bench', name: 'Bench', joinCode: 'BENCH1' })
        .returning();
      if (!club) throw new Error('no club');
      const userId = 'bench-user';
      await db
        .insert(user)
        .values({ id: userId, name: 'Bench', email: 'bench@example.com', lastClubId: club.id });
      const { seasonId } = await importSeason(db, {
        key: 'bench-2024-25',
        name: season.name,
        source: 'openfootball',
        season,
      });
      const rounds = analyseRounds(season.fixtures);
      const [r1, r2] = rounds;
      if (!r1 || !r2) throw new Error('season too short');
      // After round 1's results, before round 2 locks: exactly one round is due.
      const now = (roundDeadline(r2) ?? 0) - 3_600_000;
      const teamRows = await sqlRows<{ id: string; name: string }>(
        db,
        sql`SELECT id, name FROM teams ORDER BY name`,
      );
      const idOf = new Map(teamRows.map((t) => [t.name, t.id]));
      const teamIds = r1.teams.map((t) => idOf.get(t) as string);
      const table = JSON.stringify(
        r1.teams.map((t) => ({ team_id: idOf.get(t), survives: teamOutcome(r1, t) === 'win' })),
      );

      const comps: string[] = [];
      for (const name of ['server', 'bare']) {
        const [row] = await sqlRows<{ id: string }>(
          db,
          sql`INSERT INTO competitions (id, club_id, season_id, name, status, prize_model, start_round, rules)
              VALUES (${`bench-${name}`}, ${club.id}, ${seasonId}, ${name}, 'running', 'free', 1,
                '{"draw":"eliminate","reuse":"never","missedPick":"eliminate","postponed":"survive","allOut":"rollover"}')
              RETURNING id`,
        );
        const comp = row?.id as string;
        comps.push(comp);
        await db.execute(sql`INSERT INTO entries (id, club_id, competition_id, user_id, status)
          SELECT ${comp} || '-' || g, ${club.id}, ${comp}, ${userId}, 'active' FROM generate_series(1, ${ENTRIES}) g`);
        await db.execute(sql`INSERT INTO picks (id, club_id, competition_id, entry_id, round, team_id)
          SELECT 'p-' || ${comp} || '-' || g, ${club.id}, ${comp}, ${comp} || '-' || g, 1,
                 ${JSON.stringify(teamIds)}::jsonb ->> (g % ${teamIds.length})::int
          FROM generate_series(1, ${ENTRIES}) g`);
      }
      await db.execute(sql`VACUUM ANALYZE entries`);
      await db.execute(sql`VACUUM ANALYZE picks`);
      const [serverComp, bareComp] = comps as [string, string];

      await db.execute(sql`CHECKPOINT`);
      let started = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE picks p
          SET outcome = CASE WHEN t.survives THEN 'survived' ELSE 'eliminated' END, updated_at = now()
          FROM jsonb_to_recordset(${table}::jsonb) AS t(team_id text, survives boolean)
          WHERE p.competition_id = ${bareComp} AND p.round = 1 AND p.team_id = t.team_id`);
        await tx.execute(sql`UPDATE entries e SET status = 'eliminated', eliminated_round = 1, updated_at = now()
          FROM picks p, jsonb_to_recordset(${table}::jsonb) AS t(team_id text, survives boolean)
          WHERE p.competition_id = ${bareComp} AND p.round = 1 AND p.team_id = t.team_id AND NOT t.survives
            AND e.id = p.entry_id`);
      });
      const bareMs = performance.now() - started;

      await db.execute(sql`CHECKPOINT`);
      started = performance.now();
      const result = await db.transaction(async (tx) => {
        if (!(await tryLockCompetitionAdvisory(tx, serverComp))) throw new Error('lock taken');
        return advanceCompetition(tx, { competitionId: serverComp, now });
      });
      const serverMs = performance.now() - started;
      if (result.settled.join() !== '1')
        throw new Error(`expected round 1 settled, got ${result.settled.join()}`);

      const check = await sqlRows<{ competition_id: string; out: number }>(
        db,
        sql`SELECT competition_id, count(*) FILTER (WHERE status = 'eliminated')::int AS out FROM entries GROUP BY competition_id ORDER BY 1`,
      );
      const outs = new Set(check.map((c) => c.out));
      if (outs.size !== 1) throw new Error(`the two settlements disagree: ${JSON.stringify(check)}`);
      console.log(
        `  (${check[0]?.out.toLocaleString('en-GB')} of ${ENTRIES.toLocaleString('en-GB')} entries eliminated in each)`,
      );
      return [
        { label: 'bare UPDATE ... FROM statements', ms: bareMs },
        { label: 'server settlement of the round', ms: serverMs, against: 'bare UPDATE ... FROM statements' },
      ];
    } finally {
      await drop();
    }
  },
};
