import type { SqlDriver } from './sqlite-store.ts';

/** SqlDriver over @capacitor-community/sqlite, used on Android and iOS only (loaded on demand). */
export async function openCapacitorSqliteDriver(database: string): Promise<SqlDriver> {
  const { CapacitorSQLite, SQLiteConnection } = await import('@capacitor-community/sqlite');
  const sqlite = new SQLiteConnection(CapacitorSQLite);
  await sqlite.checkConnectionsConsistency();
  const existing = (await sqlite.isConnection(database, false)).result === true;
  const connection = existing
    ? await sqlite.retrieveConnection(database, false)
    : await sqlite.createConnection(database, false, 'no-encryption', 1, false);
  await connection.open();
  return {
    async execute(sql) {
      await connection.execute(sql, false);
    },
    async query(sql, params) {
      const result = await connection.query(sql, [...params]);
      return (result.values ?? []) as ReadonlyArray<Record<string, unknown>>;
    },
    async run(sql, params) {
      await connection.run(sql, [...params], false);
    },
  };
}
