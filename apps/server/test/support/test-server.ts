import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { ensureClub } from '../../src/domains/club/service.ts';
import { createTestClock } from '../../src/lib/clock.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { withDatabase } from '../global-setup.ts';
import { reservePort } from './free-port.ts';
import { httpClient } from './http-client.ts';
import { startSmtpSink } from './smtp.ts';

export type Backend = 'pglite' | 'postgres';

/** The back-ends this run tests on: PGlite always, PostgreSQL when reachable (always in CI). */
export function backends(): Backend[] {
  return inject('pgTemplateUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * One database for tests of what the HTTP layer decides (who may call a route, rate limits):
 * PostgreSQL, as in production, when it is reachable, else PGlite. The SQL behind each route is
 * covered on both databases by its own domain's tests.
 */
export function oneBackend(): Backend[] {
  return [backends().at(-1) as Backend];
}

let counter = 0;

/**
 * A PGlite data folder of a test's own, already migrated: a copy of the one global set-up migrated
 * (copying takes well under a second; migrating takes seconds). Into `dataDir` (which must not
 * exist yet, or be empty) or a new folder beside the template, which global teardown removes.
 */
export function migratedPgliteCopy(dataDir?: string): string {
  const template = inject('pgliteTemplateDir');
  const dir = dataDir ?? mkdtempSync(path.join(path.dirname(template), 'copy-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** A fresh database of its own for one test server: the migrated PGlite in memory, or a copy of the PostgreSQL template. */
export async function freshDatabase(
  backend: Backend,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    // In memory, as the migrated tarball: nothing to write back to disk while the tests run or close.
    const loadDataDir = new Blob([readFileSync(inject('pgliteTemplateTar'))]);
    return { database: openDatabase({ inMemory: true, loadDataDir }), drop: async () => {} };
  }
  const templateUrl = inject('pgTemplateUrl');
  if (!templateUrl) throw new Error('PostgreSQL is not available');
  const templateName = new URL(templateUrl).pathname.slice(1);
  const name = `${templateName.replace(/_template$/, '')}_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  await admin.end();
  const url = withDatabase(templateUrl, name);
  return {
    database: openDatabase({ databaseUrl: url }),
    url,
    drop: async () => {
      const a = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The real server over real HTTP, on its own database, with a real SMTP server receiving its email. */
export async function startTestServer(
  backend: Backend,
  /** env: values to set; `undefined` unsets one of the defaults below (e.g. SMTP_URL). */
  opts: {
    seed?: boolean;
    env?: Record<string, string | undefined>;
    now?: string;
    /** Keep the server's log, at debug level, in `log` (otherwise the server logs nothing). */
    captureLog?: boolean;
    /** Run the domains' jobs as the server's main.ts does (started when the app is ready). */
    jobs?: boolean;
  } = {},
) {
  const smtp = await startSmtpSink();
  const { database, url, drop } = await freshDatabase(backend);
  // Held until the server listens: building and seeding it takes seconds, in which the other test
  // files' servers and sinks take ports of their own.
  const { port, release } = await reservePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_SCALE: '20',
    // Its own secret, as a deployment has: the constant test secret is refused with a DATABASE_URL.
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    // Uploads on disk go to a folder of the test's own, never the repository's data/.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lastman-test-data-')),
    ...(url && { DATABASE_URL: url }),
    ...(opts.captureLog && { LOG_LEVEL: 'debug' }),
    ...opts.env,
  });
  const clock = createTestClock(opts.now ?? new Date());
  const log = capturedLog();
  const app = await buildApp({
    config,
    database,
    clock,
    logger: opts.captureLog === true,
    logStream: log.stream,
    jobs: opts.jobs === true,
  });
  if (opts.seed) await seedDemo(database.db, app.services.auth);
  await ensureClub(database.db, config.DEFAULT_CLUB);
  await release();
  await app.listen({ port, host: config.HOST });
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    app,
    baseUrl,
    config,
    database,
    db: database.db,
    clock,
    /** The app's own kinds of notification, reminder passes and export and deletion parts. */
    registries: app.services.registries,
    smtp,
    /** The server's log lines, parsed (with captureLog). */
    log: log.entries,
    client: (o?: { xsrf?: boolean; localAddress?: string }) => httpClient(baseUrl, o),
    async close() {
      // The tests are over: no request is waited for. A connection still busy (say, an upload refused
      // before all of it was read) is never idle, and held app.close() for Fastify's keep-alive timeout.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.close();
      await smtp.close();
      await drop();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** A log line as pino writes it: level 20 debug, 30 info, 40 warn, 50 error, 60 fatal. */
export interface LogEntry {
  level: number;
  msg: string;
  [key: string]: unknown;
}

function capturedLog() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    entries: () => lines.map((line) => JSON.parse(line) as LogEntry),
  };
}
