import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { StorageError } from './key-value-store.ts';
import { createSqliteStore, SQLITE_TABLE, type SqlDriver } from './sqlite-store.ts';

function nodeSqliteDriver(db: DatabaseSync): SqlDriver {
  return {
    async execute(sql) {
      db.exec(sql);
    },
    async query(sql, params) {
      return db.prepare(sql).all(...params) as Array<Record<string, unknown>>;
    },
    async run(sql, params) {
      db.prepare(sql).run(...params);
    },
  };
}

describe('SQLite storage back-end (node:sqlite)', () => {
  it('creates the datalist table and reads a missing key as an empty string', async () => {
    const db = new DatabaseSync(':memory:');
    const store = await createSqliteStore(nodeSqliteDriver(db));
    expect(await store.get('username')).toBe('');
    const columns = db.prepare(`PRAGMA table_info(${SQLITE_TABLE})`).all() as Array<{
      name: string;
      type: string;
    }>;
    expect(columns.map((c) => [c.name, c.type])).toEqual([
      ['key', 'TEXT'],
      ['value', 'TEXT'],
    ]);
  });

  it('inserts a new key, updates an existing one and keeps one row per key', async () => {
    const db = new DatabaseSync(':memory:');
    const store = await createSqliteStore(nodeSqliteDriver(db));
    await store.set('username', 'Ada');
    await store.set('username', 'Grace');
    expect(await store.get('username')).toBe('Grace');
    const rows = db.prepare(`SELECT key, value FROM ${SQLITE_TABLE}`).all();
    expect(rows).toEqual([{ key: 'username', value: 'Grace' }]);
  });

  it('deletes by key', async () => {
    const db = new DatabaseSync(':memory:');
    const store = await createSqliteStore(nodeSqliteDriver(db));
    await store.set('hasLoggedIn', 'true');
    await store.set('userid', 'u1');
    await store.remove('hasLoggedIn');
    expect(await store.get('hasLoggedIn')).toBe('');
    expect(await store.get('userid')).toBe('u1');
  });

  it('rejects read failures with a clear message', async () => {
    const db = new DatabaseSync(':memory:');
    const store = await createSqliteStore(nodeSqliteDriver(db));
    db.close();
    await expect(store.get('username')).rejects.toBeInstanceOf(StorageError);
    await expect(store.get('username')).rejects.toThrow(/Could not read "username" in local storage/);
  });
});
