import { fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseOpenfootballSeason } from '@lastman/game';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { clubs } from '../apps/server/src/db/schema/index.ts';
import { sqlRows } from '../apps/server/src/db/sql-rows.ts';
import { importSeason } from '../apps/server/src/domains/game/football/importer.ts';
import { createTestClock } from '../apps/server/src/lib/clock.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../apps/server/src/lib/xsrf.ts';
import { benchDatabase, benchPool } from './pg-bench-db.ts';
import type { Benchmark, Figure } from './timing.ts';

const SEASON = new URL('../apps/server/seed/football/premier-league-2024-25.json', import.meta.url);
const USERS = 1000;
const CONCURRENCY = Number(process.env.BENCH_RUSH_CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.BENCH_RUSH_SECONDS ?? 10) * 1000;
/** Entry ids are UUIDs, as the API hands them out (and now requires): player n's is this prefix + n. */
const ENTRY_ID_PREFIX = '00000000-0000-4000-8000-';
const entryId = (player: number) => `${ENTRY_ID_PREFIX}${String(player).padStart(12, '0')}`;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/** Runs `task` from `concurrency` loops until the time is up; returns each call's latency in ms. */
async function hammer(concurrency: number, durationMs: number, task: (n: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const until = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const ok = await task(n++);
        latencies.push(performance.now() - t);
        if (!ok) failures++;
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { latencies, failures, perSecond: (latencies.length / elapsed) * 1000 };
}

/**
 * CPU time (ms) so far of each PostgreSQL backend connected to the bench's database, by pid, read
 * from /proc (the database on this machine); null where it cannot be read. Under a shared machine's
 * load the wall-clock figures move by a third between runs; the CPU each pick costs the database does not.
 */
async function backendCpu(db: Db): Promise<Map<number, number> | null> {
  const rows = await sqlRows<{ pid: number }>(
    db,
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const cpu = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    return null;
  }
  return cpu;
}

function cpuSince(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

interface Load {
  perSecond: number;
  count: number;
  failures: number;
  p50: number;
  p99: number;
  /** The load generator's own CPU over the run (ms). */
  cpuMs: number;
}

function loadFromWorker(data: {
  address: string;
  users: number;
  teamIds: string[];
  concurrency: number;
  durationMs: number;
  /** Each player's request headers: their session cookie and XSRF token, as the web app sends them. */
  headers: Record<string, string>[];
  /** A GET of this path instead of a pick. */
  path?: string;
}): Promise<Load> {
  return new Promise((resolve, reject) => {
    const generator = fork(fileURLToPath(new URL('./load-generator.cjs', import.meta.url)), {
      execPath: process.execPath,
      execArgv: [],
    });
    generator.once('message', (load: Load) => resolve(load));
    generator.once('error', reject);
    generator.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
    generator.send({ ...data, entryIds: Array.from({ length: data.users }, (_, i) => entryId(i + 1)) });
  });
}

/**
 * A deadline rush: 1,000 signed-in players (sessions created directly, sent as the web app sends
 * them: the session cookie, and the XSRF cookie with its X-XSRF-TOKEN header on writes) changing
 * their picks as fast as the server takes them, over HTTP against the real server on PostgreSQL;
 * against bare single-row INSERTs into a table of the same shape, from the same number of clients.
 */
export const pickRushBenchmark: Benchmark = {
  name: 'pick-rush',
  description: `pick submission over HTTP at a deadline rush (${CONCURRENCY} concurrent, ${DURATION_MS / 1000} s) vs bare single-row INSERTs`,
  async run(): Promise<Figure[]> {
    const { database, url, drop } = await benchDatabase('rush');
    const clock = createTestClock('2024-08-15T12:00:00Z');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_SCALE: '100000',
    });
    const app = await buildApp({ config, database, clock, logger: false });
    const baseline = benchPool(url, CONCURRENCY);
    try {
      const db = database.db;
      const season = parseOpenfootballSeason(JSON.parse(readFileSync(SEASON, 'utf8')));
      const [club] = await db
        .insert(clubs)
        .values({ slug: 'rush', name: 'Rush', joinCode: 'RUSH01' })
        .returning();
      if (!club) throw new Error('no club');
      const { seasonId } = await importSeason(db, {
        key: 'rush',
        name: season.name,
        source: 'openfootball',
        season,
      });
      await db.execute(sql`INSERT INTO competitions (id, club_id, season_id, name, status, prize_model, start_round, rules, max_entries_per_player)
        VALUES ('rush', ${club.id}, ${seasonId}, 'Rush', 'open', 'free', 1,
          '{"draw":"eliminate","reuse":"never","missedPick":"eliminate","postponed":"survive","allOut":"rollover"}', 1)`);
      await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified, club_id, role)
        SELECT 'u' || g, 'Player ' || g, 'p' || g || '@rush.test', true, ${club.id}, 'player' FROM generate_series(1, ${USERS}) g`);
      await db.execute(sql`INSERT INTO memberships (id, club_id, user_id, role)
        SELECT 'm' || g, ${club.id}, 'u' || g, 'player' FROM generate_series(1, ${USERS}) g`);
      await db.execute(sql`INSERT INTO session (id, token, user_id, expires_at)
        SELECT 's' || g, 'rush-token-' || g, 'u' || g, now() + interval '1 day' FROM generate_series(1, ${USERS}) g`);
      await db.execute(sql`INSERT INTO entries (id, club_id, competition_id, user_id, status)
        SELECT ${ENTRY_ID_PREFIX} || lpad(g::text, 12, '0'), ${club.id}, 'rush', 'u' || g, 'active'
        FROM generate_series(1, ${USERS}) g`);
      const round1 = await sqlRows<{ id: string }>(
        db,
        sql`SELECT home_team_id AS id FROM fixtures WHERE season_id = ${seasonId} AND round = 1
            UNION SELECT away_team_id FROM fixtures WHERE season_id = ${seasonId} AND round = 1`,
      );
      const teamIds = round1.map((t) => t.id);
      await db.execute(sql`CREATE TABLE bench_picks (LIKE picks INCLUDING ALL)`);
      await db.execute(sql`VACUUM ANALYZE`);

      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const sessionCookie = `${(await app.services.auth.$context).authCookies.sessionToken.name}=`;
      // Each player's session cookie as sign-in sets it, and the XSRF token the server hands out on
      // the player's first read (as the web app's first call gets it).
      const headers: Record<string, string>[] = [];
      for (let i = 0; i < USERS; i += CONCURRENCY) {
        const batch = Array.from({ length: Math.min(CONCURRENCY, USERS - i) }, async (_, j) => {
          const token = `rush-token-${i + j + 1}`;
          const signed = `${token}.${createHmac('sha256', config.AUTH_SECRET).update(token).digest('base64')}`;
          const cookie = `${sessionCookie}${encodeURIComponent(signed)}`;
          const read = await fetch(`${address}/api/me`, { headers: { cookie } });
          const xsrf = read.headers
            .getSetCookie()
            .map((c) => c.split(';')[0] ?? '')
            .find((c) => c.startsWith(`${XSRF_COOKIE}=`));
          if (read.status !== 200 || !xsrf)
            throw new Error(`no XSRF token for player ${i + j + 1}: ${read.status}`);
          return {
            cookie: `${cookie}; ${xsrf}`,
            [XSRF_HEADER]: decodeURIComponent(xsrf.slice(XSRF_COOKIE.length + 1)),
          };
        });
        headers.push(...(await Promise.all(batch)));
      }
      const probe = await fetch(`${address}/api/entries/${entryId(1)}/picks/1`, {
        method: 'PUT',
        headers: { ...headers[0], 'content-type': 'application/json' },
        body: JSON.stringify({ teamId: teamIds[0] }),
      });
      if (probe.status !== 200) throw new Error(`a pick failed: ${probe.status} ${await probe.text()}`);

      // Warm-up (JIT, connection pool), not measured.
      await loadFromWorker({
        address,
        users: USERS,
        teamIds,
        concurrency: CONCURRENCY,
        durationMs: 3000,
        headers,
      });
      const cpuBefore = process.cpuUsage();
      const dbBefore = await backendCpu(db);
      const http = await loadFromWorker({
        address,
        users: USERS,
        teamIds,
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        headers,
      });
      const cpu = process.cpuUsage(cpuBefore);
      const dbPicks = cpuSince(dbBefore, await backendCpu(db));
      const signedInGet = await loadFromWorker({
        address,
        users: USERS,
        teamIds,
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS / 2,
        headers,
        path: '/api/me',
      });
      const cpuBare = process.cpuUsage();
      const dbBareBefore = await backendCpu(db);
      const bare = await hammer(CONCURRENCY, DURATION_MS / 2, async (n) => {
        await baseline.query(
          `INSERT INTO bench_picks (id, club_id, competition_id, entry_id, round, team_id) VALUES ($1, $2, 'rush', $3, 1, $4)`,
          [`b${n}`, club.id, `be${n}`, teamIds[n % teamIds.length]],
        );
        return true;
      });
      const bareCpu = process.cpuUsage(cpuBare);
      const dbBare = cpuSince(dbBareBefore, await backendCpu(db));
      console.log(
        `  picks/s ${http.perSecond.toFixed(0)} (${http.count} picks, ${http.failures} failed), ` +
          `p50 ${http.p50.toFixed(1)} ms, p99 ${http.p99.toFixed(1)} ms; ` +
          `signed-in GET /api/me req/s ${signedInGet.perSecond.toFixed(0)}; ` +
          `bare INSERT rows/s ${bare.perSecond.toFixed(0)}, p99 ${percentile(bare.latencies, 0.99).toFixed(1)} ms; ` +
          `ratio ${(bare.perSecond / http.perSecond).toFixed(2)}x; ` +
          `server CPU per pick ${((cpu.user + cpu.system) / 1000 / http.count).toFixed(2)} ms ` +
          `(system ${(cpu.system / 1000 / http.count).toFixed(2)} ms), ` +
          `load generator CPU per pick ${(http.cpuMs / http.count).toFixed(2)} ms, ` +
          `bench process CPU per bare INSERT ${((bareCpu.user + bareCpu.system) / 1000 / bare.latencies.length).toFixed(2)} ms` +
          (dbPicks === null || dbBare === null
            ? ''
            : `; database CPU per pick ${(dbPicks / http.count).toFixed(2)} ms, per bare INSERT ${(dbBare / bare.latencies.length).toFixed(2)} ms`),
      );
      if (http.failures > 0) throw new Error(`${http.failures} picks failed`);
      return [
        { label: 'bare single-row INSERT, per 1,000 rows', ms: 1_000_000 / bare.perSecond },
        {
          label: 'pick over HTTP, per 1,000 picks',
          ms: 1_000_000 / http.perSecond,
          against: 'bare single-row INSERT, per 1,000 rows',
        },
        {
          label: 'signed-in GET /api/me, per 1,000 requests',
          ms: 1_000_000 / signedInGet.perSecond,
          against: 'bare single-row INSERT, per 1,000 rows',
        },
        { label: 'pick p50 latency', ms: http.p50 },
        { label: 'pick p99 latency', ms: http.p99 },
      ];
    } finally {
      // Each step runs even when one before it failed, so the database is always dropped and
      // nothing is left holding a connection to it.
      await app.close().catch(() => {});
      await baseline.end().catch(() => {});
      await drop();
    }
  },
};
