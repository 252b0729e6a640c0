import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { utcToUkLocal } from '@lastman/api/time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { fixtures, seasons, teams } from '../../src/db/schema/index.ts';
import { sqlRows } from '../../src/db/sql-rows.ts';
import { importBundledSeasons, listBundledSeasonFiles } from '../../src/domains/game/football/bundled.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** `npm run lms -- …` as a user runs it, with the pinned Node. */
function lms(args: string[], env: Record<string, string>) {
  const child = spawn(
    path.join(root, 'node_modules/.bin/node'),
    ['--import', 'tsx', 'apps/server/src/cli/lms.ts', ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
}

interface RawMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
}

async function counts(server: TestServer) {
  const [row] = await sqlRows<{ seasons: number; teams: number; fixtures: number }>(
    server.db,
    sql`SELECT (SELECT count(*)::int FROM ${seasons}) AS seasons, (SELECT count(*)::int FROM ${teams}) AS teams,
          (SELECT count(*)::int FROM ${fixtures}) AS fixtures`,
  );
  return row;
}

describe.each(backends())('the bundled seasons on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  it('import into a fresh database, and importing again changes no row count or id', async () => {
    const files = await listBundledSeasonFiles();
    expect(files.map((f) => path.basename(f))).toEqual([
      'championship-2026-27.json',
      'premier-league-2020-21.json',
      'premier-league-2021-22.json',
      'premier-league-2022-23.json',
      'premier-league-2023-24.json',
      'premier-league-2024-25.json',
      'premier-league-2025-26.json',
      'premier-league-2026-27.json',
    ]);
    expect(await counts(server)).toEqual({ seasons: 0, teams: 0, fixtures: 0 });
    const first = await importBundledSeasons(server.db);
    expect(first.map((s) => [s.key, s.teams, s.fixtures])).toEqual(
      files.map((f) => {
        const key = path.basename(f, '.json');
        return key.startsWith('championship') ? [key, 24, 552] : [key, 20, 380];
      }),
    );
    // 28 distinct clubs over the six seasons to 2025-26 (the data's README), Coventry and Hull in the
    // Premier League of 2026-27, 16 more in its Championship: each stored once.
    expect(await counts(server)).toEqual({ seasons: 8, teams: 46, fixtures: 3212 });
    const ids = await server.db
      .select({ id: fixtures.id, externalId: fixtures.externalId, seasonId: fixtures.seasonId })
      .from(fixtures);

    // At a start only missing seasons are imported: none now.
    expect(await importBundledSeasons(server.db)).toEqual([]);
    const again = await importBundledSeasons(server.db, { missingOnly: false });
    expect(again.map((s) => s.seasonId)).toEqual(first.map((s) => s.seasonId));
    expect(await counts(server)).toEqual({ seasons: 8, teams: 46, fixtures: 3212 });
    const idsAgain = await server.db
      .select({ id: fixtures.id, externalId: fixtures.externalId, seasonId: fixtures.seasonId })
      .from(fixtures);
    const byKey = (rows: typeof ids) => new Map(rows.map((r) => [`${r.seasonId}/${r.externalId}`, r.id]));
    expect(byKey(idsAgain)).toEqual(byKey(ids));
  });

  it('stores kick-offs in UTC: each one read back in UK time is the file’s date and time', async () => {
    const teamNames = new Map(
      (await server.db.select({ id: teams.id, name: teams.name }).from(teams)).map((t) => [t.id, t.name]),
    );
    let checked = 0;
    for (const file of await listBundledSeasonFiles()) {
      const [season] = await server.db
        .select()
        .from(seasons)
        .where(eq(seasons.key, path.basename(file, '.json')));
      const rows = await server.db
        .select()
        .from(fixtures)
        .where(eq(fixtures.seasonId, season?.id ?? ''));
      const stored = new Map(
        rows.map((r) => [`${teamNames.get(r.homeTeamId)} v ${teamNames.get(r.awayTeamId)}`, r]),
      );
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { matches: RawMatch[] };
      for (const m of raw.matches) {
        const row = stored.get(`${m.team1} v ${m.team2}`);
        if (!row) throw new Error(`${m.team1} v ${m.team2} was not stored`);
        expect(row.round).toBe(Number(m.round.replace('Matchday ', '')));
        const local = utcToUkLocal(row.kickoffAt.getTime());
        expect(local.date).toBe(m.date);
        if (m.time) expect(local.time).toBe(m.time);
        expect(row.kickoffTbc).toBe(m.time === undefined);
        checked++;
      }
    }
    expect(checked).toBe(3212);
    // Both sides of the clock change, spelled out: BST is UTC+1, GMT is UTC+0.
    const at = async (home: string, away: string) => {
      const [row] = await sqlRows<{ utc: string }>(
        server.db,
        sql`SELECT to_char(f.kickoff_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS utc
            FROM ${fixtures} f JOIN ${teams} h ON h.id = f.home_team_id JOIN ${teams} a ON a.id = f.away_team_id
            JOIN ${seasons} s ON s.id = f.season_id
            WHERE s.key = 'premier-league-2024-25' AND h.name = ${home} AND a.name = ${away}`,
      );
      return row?.utc;
    };
    // Fri 16 Aug 2024 20:00 BST and Sat 30 Nov 2024 15:00 GMT (openfootball's UK local times).
    expect(await at('Manchester United FC', 'Fulham FC')).toBe('2024-08-16 19:00');
    const winter = JSON.parse(
      readFileSync(path.join(root, 'apps/server/seed/football/premier-league-2024-25.json'), 'utf8'),
    ).matches.find((m: RawMatch) => m.date === '2024-11-30' && m.time === '15:00') as RawMatch;
    expect(await at(winter.team1, winter.team2)).toBe('2024-11-30 15:00');
  });

  it('`lms import` imports a season file into the database the server would use (in place when it is there)', async () => {
    const file = path.join(root, 'apps/server/seed/football/premier-league-2020-21.json');
    const url = server.config.DATABASE_URL;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lastman-import-'));
    try {
      const target: Record<string, string> = url
        ? { DATABASE_URL: url, AUTH_SECRET: server.config.AUTH_SECRET }
        : { DATA_DIR: dataDir };
      const run = await lms(['import', '--season', file], { ...target, NODE_ENV: 'test' });
      expect(run.out).toMatch(/imported premier-league-2020-21 \(English Premier League 2020\/21\)/);
      expect(run.out).toContain('20 teams, 380 fixtures');
      expect(run.code).toBe(0);
      if (url) {
        // Into the database the other tests filled: updated in place.
        expect(await counts(server)).toEqual({ seasons: 8, teams: 46, fixtures: 3212 });
      } else {
        const db = openDatabase({ dataDir });
        try {
          const [row] = await sqlRows<{ n: number }>(db.db, sql`SELECT count(*)::int AS n FROM ${fixtures}`);
          expect(row?.n).toBe(380);
        } finally {
          await db.close();
        }
      }
      const bad = await lms(['import', '--season', path.join(dataDir, 'missing.json')], target);
      expect(bad.code).toBe(2);
      expect(bad.out).toMatch(/cannot read the season file/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
