import { type KeyValueStore, StorageError } from './key-value-store.ts';

export const SQLITE_DATABASE = 'data.db';
export const SQLITE_TABLE = 'datalist';

/** The few SQL operations the store needs; one adapter per SQLite driver. */
export interface SqlDriver {
  execute(sql: string): Promise<void>;
  query(sql: string, params: readonly string[]): Promise<ReadonlyArray<Record<string, unknown>>>;
  run(sql: string, params: readonly string[]): Promise<void>;
}

/**
 * The native back-end: table `datalist (key text, value text)`; select by key, update when the key
 * exists, otherwise insert; delete by key. A missing key reads as `""`.
 */
export async function createSqliteStore(driver: SqlDriver): Promise<KeyValueStore> {
  try {
    await driver.execute(`CREATE TABLE IF NOT EXISTS ${SQLITE_TABLE} (key TEXT, value TEXT)`);
  } catch (error) {
    throw new StorageError('open', null, error);
  }

  const select = async (key: string) =>
    driver.query(`SELECT value FROM ${SQLITE_TABLE} WHERE key = ? LIMIT 1`, [key]);

  return {
    async get(key) {
      try {
        const rows = await select(key);
        const value = rows[0]?.value;
        return typeof value === 'string' ? value : '';
      } catch (error) {
        throw new StorageError('read', key, error);
      }
    },
    async set(key, value) {
      try {
        const rows = await select(key);
        if (rows.length > 0) {
          await driver.run(`UPDATE ${SQLITE_TABLE} SET value = ? WHERE key = ?`, [value, key]);
        } else {
          await driver.run(`INSERT INTO ${SQLITE_TABLE} (key, value) VALUES (?, ?)`, [key, value]);
        }
      } catch (error) {
        throw new StorageError('write', key, error);
      }
    },
    async remove(key) {
      try {
        await driver.run(`DELETE FROM ${SQLITE_TABLE} WHERE key = ?`, [key]);
      } catch (error) {
        throw new StorageError('remove', key, error);
      }
    },
  };
}
