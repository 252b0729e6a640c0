/** The one storage interface every back-end implements: string values, get/set/remove by key. */
export interface KeyValueStore {
  /** Resolves to the stored text, or `""` when the key is missing (as the original's device store). */
  get(key: string): Promise<string>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(action: 'read' | 'write' | 'remove' | 'open', key: string | null, cause: unknown) {
    const what = key === null ? 'the local database' : `"${key}"`;
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Could not ${action} ${what} in local storage: ${reason}`, { cause });
  }
}
