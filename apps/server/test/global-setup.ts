import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database to copy for each test file, or null when none is reachable. */
    pgTemplateUrl: string | null;
    /** A migrated PGlite data folder (closed) to copy for a test that needs a folder; copies go beside it. */
    pgliteTemplateDir: string;
    /** The same database as a `dumpDataDir` tarball, which each test server loads into memory. */
    pgliteTemplateTar: string;
  }
}

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Migrates each database once per run, for test servers to copy: a PGlite data folder under the
 * OS temp folder with its tarball (each test server loads the tarball into memory), and a PostgreSQL
 * template database when one is reachable (each copied with CREATE DATABASE … TEMPLATE).
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
  project.provide('pgliteTemplateTar', pglite.value);
  project.provide('pgTemplateUrl', postgres.value?.url ?? null);
  return teardown;
}

/**
 * Migrates a PGlite folder (for a test that needs one on disk), and the same in memory, written as a
 * tarball beside it (its path returned) for each test server to load into memory.
 */
async function migratedPglite(dataDir: string): Promise<string> {
  const database = openDatabase({ dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // dumpDataDir works on PGlite's in-memory file system (on a folder it never answers).
  const tar = `${dataDir}.tar`;
  const memory = new PGlite({ extensions: { btree_gist } });
  try {
    await migrate(drizzle(memory), { migrationsFolder: MIGRATIONS });
    writeFileSync(tar, Buffer.from(await (await memory.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await memory.close();
  }
  return tar;
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
