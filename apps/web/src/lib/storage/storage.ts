import { isNative } from '../platform.ts';
import { createIndexedDbStore } from './indexeddb-store.ts';
import type { KeyValueStore } from './key-value-store.ts';
import { createSqliteStore, SQLITE_DATABASE } from './sqlite-store.ts';

export const DEVICE_READY_WARNING_MS = 5000;

/** Resolves once `ready` does, warning if that takes longer than the original's 5000 ms. */
export function warnIfSlow<T>(
  ready: Promise<T>,
  warn: (message: string) => void,
  ms = DEVICE_READY_WARNING_MS,
) {
  const timer = setTimeout(
    () => warn(`Device storage was not ready after ${ms} ms; the native platform may not have started.`),
    ms,
  );
  return ready.finally(() => clearTimeout(timer));
}

/** A store whose back-end is opened on first use: SQLite on a native device, IndexedDB in a browser. */
export function createLazyStore(open: () => Promise<KeyValueStore>): KeyValueStore {
  let store: Promise<KeyValueStore> | undefined;
  const ready = () => {
    store ??= open().catch((error: unknown) => {
      store = undefined;
      throw error;
    });
    return store;
  };
  return {
    get: async (key) => (await ready()).get(key),
    set: async (key, value) => (await ready()).set(key, value),
    remove: async (key) => (await ready()).remove(key),
  };
}

async function openPlatformStore(): Promise<KeyValueStore> {
  if (!isNative()) return createIndexedDbStore();
  const { openCapacitorSqliteDriver } = await import('./capacitor-sqlite-driver.ts');
  const driver = await warnIfSlow(openCapacitorSqliteDriver(SQLITE_DATABASE), (m) => console.warn(m));
  return createSqliteStore(driver);
}

export const storage: KeyValueStore = createLazyStore(openPlatformStore);
