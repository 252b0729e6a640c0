import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A client of the server's maintenance database. A connection the forced DROP DATABASE terminates
 * (57P01) reports it as an 'error' event: with no listener that event kills the process after the
 * figures are printed, so every client and pool here listens.
 */
async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** A pool on a benchmark's database that survives the database being dropped under it. */
export function benchPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, migrated PostgreSQL database of the benchmark's own; `drop` removes it. */
export async function benchDatabase(
  label: string,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `lastman_bench_${label}_${process.pid}`;
  const admin = await adminClient();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(BENCH_PG_URL, name);
  const database = openDatabase({ databaseUrl: url });
  await database.migrate();
  return {
    database,
    url,
    drop: async () => {
      // Dropped even when closing failed: a benchmark leaves no database behind.
      await database.close().catch(() => {});
      const a = await adminClient();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
