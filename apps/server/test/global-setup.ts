import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database to copy for each test file, or null when none is reachable. */
    pgTemplateUrl: string | null;
    /** A migrated PGlite data folder (closed) to copy for each test server; copies go beside it. */
    pgliteTemplateDir: string;
  }
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Migrates each database once per run, for test servers to copy: a PGlite data folder under the
 * OS temp folder (each copied with cpSync), and a PostgreSQL template database when one is
 * reachable (each copied with CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const pgliteRoot = mkdtempSync(path.join(tmpdir(), 'lastman-test-pglite-'));
  const pgliteTemplateDir = path.join(pgliteRoot, 'template');
  const [postgres, pglite] = await Promise.allSettled([
    postgresTemplate(),
    migratedPglite(pgliteTemplateDir),
  ]);
  const teardown = async () => {
    rmSync(pgliteRoot, { recursive: true, force: true });
    if (postgres.status === 'fulfilled') await postgres.value?.drop();
  };
  if (postgres.status === 'rejected' || pglite.status === 'rejected') {
    await teardown();
    throw postgres.status === 'rejected' ? postgres.reason : (pglite as PromiseRejectedResult).reason;
  }
  project.provide('pgliteTemplateDir', pgliteTemplateDir);
  project.provide('pgTemplateUrl', postgres.value?.url ?? null);
  return teardown;
}

async function migratedPglite(dataDir: string) {
  const database = openDatabase({ dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/** The migrated template database, and how to drop it and every copy of it; null without PostgreSQL. */
async function postgresTemplate() {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await admin.connect();
  } catch (err) {
    if (isSet(process.env.CI) || isSet(process.env.REQUIRE_POSTGRES)) {
      throw new Error(
        `PostgreSQL is required for the tests but ${TEST_DATABASE_URL} is not reachable: ${String(err)}`,
      );
    }
    console.warn(
      `\n  PostgreSQL at ${TEST_DATABASE_URL} is not reachable: running the PGlite half of the suite only.\n`,
    );
    return null;
  }
  const prefix = `lastman_t${process.pid}`;
  const template = `${prefix}_template`;
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const url = withDatabase(TEST_DATABASE_URL, template);
  const database = openDatabase({ databaseUrl: url });
  await database.migrate();
  await database.close();
  return {
    url,
    drop: async () => {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${prefix}%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** An environment flag is on unless unset, empty, `false` or `0`. */
function isSet(value: string | undefined): boolean {
  return Boolean(value) && value !== 'false' && value !== '0';
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
