import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database to copy for each test file, or null when none is reachable. */
    pgTemplateUrl: string | null;
  }
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Migrates one template database per run; each test file copies it (CREATE DATABASE … TEMPLATE). */
export default async function setup(project: TestProject) {
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
    project.provide('pgTemplateUrl', null);
    return;
  }
  const prefix = `lastman_t${process.pid}`;
  const template = `${prefix}_template`;
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(TEST_DATABASE_URL, template);
  const database = openDatabase({ databaseUrl: templateUrl });
  await database.migrate();
  await database.close();
  project.provide('pgTemplateUrl', templateUrl);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
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
