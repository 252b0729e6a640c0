import { type KeyValueStore, StorageError } from './key-value-store.ts';

export const IDB_DATABASE = 'lastman';
export const IDB_STORE = 'datalist';

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Until the transaction has committed: a request's success comes before its commit, and a page left
 * or reloaded in between (the club link's next screen, a quick reload) loses what it wrote.
 */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(IDB_STORE)) request.result.createObjectStore(IDB_STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

/** The browser back-end: one IndexedDB object store of text values keyed by name. */
export function createIndexedDbStore(factory: IDBFactory = indexedDB, name = IDB_DATABASE): KeyValueStore {
  let db: Promise<IDBDatabase> | undefined;
  const database = () => {
    db ??= openDatabase(factory, name).catch((error: unknown) => {
      db = undefined;
      throw new StorageError('open', null, error);
    });
    return db;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await database()).transaction(IDB_STORE, mode).objectStore(IDB_STORE);
  /** A write, resolved once it has committed. */
  const write = async (change: (store: IDBObjectStore) => void) => {
    const tx = (await database()).transaction(IDB_STORE, 'readwrite');
    change(tx.objectStore(IDB_STORE));
    await committed(tx);
  };

  return {
    async get(key) {
      try {
        const value: unknown = await promisify((await store('readonly')).get(key));
        return typeof value === 'string' ? value : '';
      } catch (error) {
        throw error instanceof StorageError ? error : new StorageError('read', key, error);
      }
    },
    async set(key, value) {
      try {
        await write((s) => s.put(value, key));
      } catch (error) {
        throw error instanceof StorageError ? error : new StorageError('write', key, error);
      }
    },
    async remove(key) {
      try {
        await write((s) => s.delete(key));
      } catch (error) {
        throw error instanceof StorageError ? error : new StorageError('remove', key, error);
      }
    },
  };
}
