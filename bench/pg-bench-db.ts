import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
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
      await database.close();
      const a = new pg.Client({ connectionString: BENCH_PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
