/**
 * Match day across two server processes: two real servers (apps/server/src/main.ts) on one PostgreSQL
 * database and one Redis, a browser on each. A score entered through one server shows in the browser
 * held by the other, both ways; the demo's stand-in of football-data.org, played by server
 * A, reaches both browsers. Prints the time from the stand-in's change to each browser showing it (the
 * browser on A: one process; the browser on B: through Redis to the second process) and the live
 * streams each process holds.
 *
 * The browser tests' own server runs on the embedded database (one process only), so this test makes
 * its own PostgreSQL database (migrated and seeded by server A's start, as `npm start` does) and drops
 * it after.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CompetitionList, CompetitionLive, DemoRoundStarted, LiveConnections } from '@lastman/api';
import type { BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { type ApiClient, apiClient } from './support/api-client.ts';
import { DEMO_PASSWORD, expect, fill, submit, test } from './support/fixtures.ts';
import {
  lastMinuteShown,
  recordLiveScores,
  type Shown,
  standInClock,
  standInLatencies,
  summary,
} from './support/live-latency.ts';

const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = resolve(import.meta.dirname, '..');
/** The demo round's 90 minutes take this long: a minute (a stand-in change) every 2.6 s, longer than the server's 2 s poll, so each is seen. */
const PLAY_SECONDS = 240;
/** Stand-in minutes watched before the figures are taken. */
const WATCH_MINUTES = 9;

interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  // A forced DROP DATABASE ends other sessions; their errors must not end this process.
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function startServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `lastman-live2-${name}-`));
  const child = spawn(join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: process.env.E2E_WEB_DIST ?? '',
      RATE_LIMIT_ENABLED: 'false',
      BACKUP_EVERY_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.once('exit', r));
  const server = { name, url, child, output: () => output, exited, dataDir };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server ${name} did not start: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopServer(server: ServerProcess) {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    const killed = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await server.exited;
    clearTimeout(killed);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function signedInPage(context: BrowserContext, email: string): Promise<Page> {
  await context.addInitScript(recordLiveScores);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/login');
  await fill(page, 'email', email);
  await fill(page, 'password', DEMO_PASSWORD);
  await submit(page, 'Log in');
  await page.waitForURL('**/app/tabs/game');
  expect(errors).toEqual([]);
  return page;
}

test.describe('live scores across two server processes', () => {
  test.describe.configure({ mode: 'serial' });

  const dbName = `lastman_live2_${randomBytes(4).toString('hex')}`;
  let servers: ServerProcess[] = [];

  test.beforeAll(async () => {
    test.skip(
      test.info().project.name !== 'phone',
      'run once: the processes are the point, not the screen width',
    );
    test.setTimeout(180_000);
    await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
    const env = {
      DATABASE_URL: withDatabase(PG_URL, dbName),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      REDIS_URL,
      REDIS_KEY_PREFIX: `${dbName}:`,
    };
    // A migrates, seeds the demo club and imports the seasons, as `npm start` does; B starts on what it finds.
    servers = [await startServer('a', { ...env, SEED_DEMO: 'true' })];
    servers.push(await startServer('b', { ...env, SEED_DEMO: 'false' }));
  });

  test.afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  });

  test("a score through one server shows in the other's browser, both ways", async ({ browser }) => {
    test.setTimeout(120_000);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const viewport = { width: 1280, height: 900 };
    const contextA = await browser.newContext({ baseURL: a.url, viewport });
    const contextB = await browser.newContext({ baseURL: b.url, viewport });
    const apis: ApiClient[] = [];
    try {
      const pageA = await signedInPage(contextA, 'admin@redlion.test');
      const pageB = await signedInPage(contextB, 'player1@redlion.test');
      const adminA = await apiClient(a.url, 'admin@redlion.test');
      const adminB = await apiClient(b.url, 'admin@redlion.test');
      apis.push(adminA, adminB);

      // Server A plays the demo's round from its stand-in; A's browser and B's follow it.
      const started = await adminA.send<DemoRoundStarted>('POST', '/api/admin/live/demo-round', {
        playSeconds: PLAY_SECONDS,
      });
      // The round is in play now (its kick-offs moved to now): the game screens show it live.
      const streams = (api: ApiClient) =>
        api.get<LiveConnections>('/api/admin/live/connections').then((r) => r.connections);
      await Promise.all(
        [pageA, pageB].map(async (page) => {
          await page.reload();
          await expect(page.getByTestId('live-panel').first()).toBeVisible();
        }),
      );
      // Each tab's stream is open on its own server before the changes timed below.
      await expect.poll(() => Promise.all([streams(adminA), streams(adminB)])).toEqual([1, 1]);
      const readyAt = Date.now();
      const { minuteMs } = standInClock(started);
      const watched = (page: Page) =>
        expect
          .poll(() => lastMinuteShown(page), { timeout: (WATCH_MINUTES + 2) * minuteMs + 10_000 })
          .toBeGreaterThanOrEqual(WATCH_MINUTES);
      await Promise.all([watched(pageA), watched(pageB)]);
      const onA = await standInLatencies(pageA, started, readyAt);
      const onB = await standInLatencies(pageB, started, readyAt);
      console.info(
        [
          `stand-in change -> browser, ms (${WATCH_MINUTES} stand-in minutes of ${started.matches} matches, server poll 2 s):`,
          `  one process (A polls, browser on A): ${summary(onA.all)}; goals ${onA.goals.join(', ') || 'none yet'}`,
          `  two processes (A polls, browser on B via Redis): ${summary(onB.all)}; goals ${onB.goals.join(', ') || 'none yet'}`,
        ].join('\n'),
      );

      // An admin's live score through one server, shown by the browser on the other: both ways.
      const list = await adminA.get<CompetitionList>('/api/competitions');
      const running = list.competitions.find((c) => c.id === started.competitionId);
      if (!running) throw new Error('the demo round has no competition');
      const live = await adminA.get<CompetitionLive>(`/api/competitions/${running.id}/live`);
      const fixture = live.fixtures.at(-1);
      if (!fixture) throw new Error('no fixture');
      const latencies = { aToB: [] as number[], bToA: [] as number[] };
      for (let i = 0; i < 4; i++) {
        for (const [via, page, into] of [
          [adminA, pageB, latencies.aToB],
          [adminB, pageA, latencies.bToA],
        ] as const) {
          const home = 50 + i + (via === adminA ? 0 : 20);
          const text = `${home}–${40 + i}`;
          // Shown at all, however briefly: the stand-in's next poll writes the feed's score over it.
          const seen = page.waitForFunction(
            ([id, want]) =>
              (window as unknown as { __shown: Shown[] }).__shown.some(
                (s) => s.fixture === id && s.goals === want,
              ),
            [fixture.fixtureId, text] as const,
            { polling: 'raf', timeout: 20_000 },
          );
          const sent = Date.now();
          await via.send('PUT', `/api/admin/fixtures/${fixture.fixtureId}/live-score`, {
            home,
            away: 40 + i,
            minute: 60 + i,
          });
          await seen;
          into.push(Date.now() - sent);
        }
      }
      console.info(
        `admin's live score -> browser on the other process, ms: A->B ${latencies.aToB.join(', ')}; B->A ${latencies.bToA.join(', ')}`,
      );

      // One stream per tab, each held by the process the browser talks to.
      const held = { a: await streams(adminA), b: await streams(adminB) };
      console.info(`live streams held: process A ${held.a}, process B ${held.b} (one browser tab each)`);
      expect(held).toEqual({ a: 1, b: 1 });
      await contextB.close();
      await expect.poll(() => streams(adminB)).toBe(0);
    } finally {
      for (const api of apis) await api.dispose();
      await contextA.close();
      await contextB.close().catch(() => {});
    }
  });
});
