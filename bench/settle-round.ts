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
 * the minimal writes the work needs, in the same run: the 1,000,000 outcomes written by one
 * INSERT ... SELECT into a table with no index, and the losing entries put out by one UPDATE ... FROM
 * of a plain table of entries with only its primary key. Bare UPDATE ... FROM statements making the
 * server's writes to an identical competition on today's schema are shown too.
 */
export const settleRoundBenchmark: Benchmark = {
  name: 'settle-round',
  description: `settling one round for ${ENTRIES.toLocaleString('en-GB')} entries in PostgreSQL vs the minimal writes of the same outcomes`,
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
      const [serverComp, bareComp] = comps as [string, string];
      // The minimal writes' tables: outcomes with no index (the INSERT needs none), and a plain table
      // of the same entries with the primary key the UPDATE ... FROM joins on.
      await db.execute(
        sql`CREATE TABLE minimal_outcomes (entry_id text NOT NULL, round smallint NOT NULL, outcome text NOT NULL)`,
      );
      await db.execute(sql`CREATE TABLE minimal_entries (id text PRIMARY KEY, status text NOT NULL,
        eliminated_round smallint, updated_at timestamptz NOT NULL DEFAULT now())`);
      await db.execute(
        sql`INSERT INTO minimal_entries (id, status) SELECT id, status FROM entries WHERE competition_id = ${bareComp}`,
      );
      await db.execute(sql`VACUUM ANALYZE entries`);
      await db.execute(sql`VACUUM ANALYZE picks`);
      await db.execute(sql`VACUUM ANALYZE minimal_entries`);

      await db.execute(sql`CHECKPOINT`);
      let started = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO minimal_outcomes (entry_id, round, outcome)
          SELECT p.entry_id, 1, CASE WHEN t.survives THEN 'survived' ELSE 'eliminated' END
          FROM picks p JOIN jsonb_to_recordset(${table}::jsonb) AS t(team_id text, survives boolean) ON t.team_id = p.team_id
          WHERE p.competition_id = ${bareComp} AND p.round = 1`);
        await tx.execute(sql`UPDATE minimal_entries e SET status = 'eliminated', eliminated_round = 1, updated_at = now()
          FROM minimal_outcomes o WHERE o.outcome = 'eliminated' AND e.id = o.entry_id`);
      });
      const minimalMs = performance.now() - started;
      const [minimalOut] = await sqlRows<{ out: number }>(
        db,
        sql`SELECT count(*)::int AS out FROM minimal_entries WHERE status = 'eliminated'`,
      );

      await db.execute(sql`CHECKPOINT`);
      started = performance.now();
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

      // The bare statements left 1,600,000 dead rows in the tables the server's settlement reads:
      // without this, its first scan of entries pruned them (38,000 page images, 166 MB of WAL, the
      // bare statements' cleanup billed to the server). Each side starts from clean tables, as the
      // minimal writes' do.
      await db.execute(sql`VACUUM picks`);
      await db.execute(sql`VACUUM entries`);
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
      outs.add(minimalOut?.out ?? -1);
      if (outs.size !== 1) throw new Error(`the two settlements disagree: ${JSON.stringify(check)}`);
      console.log(
        `  (${check[0]?.out.toLocaleString('en-GB')} of ${ENTRIES.toLocaleString('en-GB')} entries eliminated in each)`,
      );
      return [
        { label: 'minimal writes', ms: minimalMs },
        { label: 'bare UPDATE ... FROM statements', ms: bareMs, against: 'minimal writes' },
        { label: 'server settlement of the round', ms: serverMs, against: 'minimal writes' },
      ];
    } finally {
      await drop();
    }
  },
};
