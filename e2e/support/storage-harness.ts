/// <reference lib="dom" />
/**
 * Bundled by e2e/storage.spec.ts (esbuild, on the fly) and loaded into Chromium: the app's real
 * storage modules, plus jeep-sqlite, the web implementation @capacitor-community/sqlite runs on.
 */
import { CapacitorSQLite, SQLiteConnection } from '@capacitor-community/sqlite';
import { defineCustomElement } from 'jeep-sqlite/dist/components/jeep-sqlite.js';
import { openCapacitorSqliteDriver } from '../../apps/web/src/lib/storage/capacitor-sqlite-driver.ts';
import { createIndexedDbStore } from '../../apps/web/src/lib/storage/indexeddb-store.ts';
import type { KeyValueStore } from '../../apps/web/src/lib/storage/key-value-store.ts';
import { createSqliteStore, SQLITE_DATABASE } from '../../apps/web/src/lib/storage/sqlite-store.ts';

/** Starts jeep-sqlite (the wasm comes from `wasmpath`) and opens the device store through the driver. */
async function openJeepSqliteStore(wasmPath: string): Promise<KeyValueStore> {
  defineCustomElement();
  const element = document.createElement('jeep-sqlite');
  element.setAttribute('wasmpath', wasmPath);
  element.setAttribute('autosave', 'true');
  document.body.append(element);
  await customElements.whenDefined('jeep-sqlite');
  await CapacitorSQLite.initWebStore();
  return createSqliteStore(await openCapacitorSqliteDriver(SQLITE_DATABASE));
}

/** The plugin's own name for `data.db` (its connection layer drops the `.db`). */
const PLUGIN_DATABASE = SQLITE_DATABASE.replace(/\.db$/, '');

const harness = {
  createIndexedDbStore,
  openJeepSqliteStore,
  /** Rows of `datalist` and its columns, read through the plugin rather than the store. */
  async sqliteTable() {
    const query = async (statement: string) =>
      (await CapacitorSQLite.query({ database: PLUGIN_DATABASE, statement, values: [], readonly: false }))
        .values ?? [];
    const columns = await query('PRAGMA table_info(datalist)');
    return {
      rows: await query('SELECT key, value FROM datalist ORDER BY key'),
      columns: columns.map((c: { name: string; type: string }) => [c.name, c.type]),
    };
  },
  closeSqlite: () => new SQLiteConnection(CapacitorSQLite).closeConnection(SQLITE_DATABASE, false),
};

declare global {
  interface Window {
    storageHarness: typeof harness;
  }
}

window.storageHarness = harness;
