import { type KeyValueStore, StorageError } from './key-value-store.ts';

export const IDB_DATABASE = 'lastman';
export const IDB_STORE = 'datalist';

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
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
        await promisify((await store('readwrite')).put(value, key));
      } catch (error) {
        throw error instanceof StorageError ? error : new StorageError('write', key, error);
      }
    },
    async remove(key) {
      try {
        await promisify((await store('readwrite')).delete(key));
      } catch (error) {
        throw error instanceof StorageError ? error : new StorageError('remove', key, error);
      }
    },
  };
}
