import type pg from 'pg';
import type { TestServer } from './test-server.ts';

/** A statement as the server's PostgreSQL pool is asked to run it (drizzle passes a config object). */
export type PoolQuery = (config: pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * Puts `through` between the server's PostgreSQL pool and every statement it runs, until the
 * returned `restore()`: it gets each statement with the pool's own `query`, to count, fail or
 * explain it. On PostgreSQL only (a PGlite server has no pool).
 */
export function throughPool(
  server: Pick<TestServer, 'db'>,
  through: (query: PoolQuery, config: pg.QueryConfig, values?: unknown[]) => Promise<unknown>,
): () => void {
  const pool = (server.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool);
  pool.query = ((config: pg.QueryConfig, values?: unknown[]) =>
    through(query as PoolQuery, config, values)) as unknown as typeof pool.query;
  return () => {
    pool.query = query;
  };
}
