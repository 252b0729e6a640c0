import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query function takes either the database or a transaction, so services decide the transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Runs `fn` while the database takes no statement and holds no transaction open: PGlite's own
   * locks (those its `dumpDataDir` takes), so its folder can be copied consistently (backups).
   * On PostgreSQL it simply runs `fn`.
   */
  paused<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** PostgreSQL, a PGlite folder on disk, or PGlite in memory (empty, or loaded from a `dumpDataDir` tarball). */
export type DatabaseTarget =
  | { databaseUrl: string }
  | { dataDir: string }
  | { inMemory: true; loadDataDir?: Blob };

export function openDatabase(target: DatabaseTarget): Database {
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl);
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    return openPglite({ dataDir: target.dataDir });
  }
  return openPglite(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
}

function openPostgres(url: string): Database {
  // A few connections stay open however quiet it gets: a pool that closed them all would need new
  // sockets, and so file descriptors, at the moment a flood of clients has taken them.
  const pool = new pg.Pool({ connectionString: url, max: 20, min: 4 });
  // An idle client's error (the server restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(drizzlePg(pool), { migrationsFolder });
    },
    ping: () => pingDb(db),
    paused: (fn) => fn(),
    close: () => pool.end(),
  };
}

function openPglite(where: { dataDir?: string; loadDataDir?: Blob }): Database {
  // One PGlite instance per folder: two on one folder can corrupt it (environment.md).
  // btree_gist: the rota's no-overlap rule (drizzle/0008_shift_overlap.sql).
  const client = new PGlite({ ...where, extensions: { btree_gist } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    ping: () => (closed ? Promise.resolve(false) : pingDb(db)),
    paused: (fn) => client._runExclusiveTransaction(() => client._runExclusiveQuery(fn)),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
