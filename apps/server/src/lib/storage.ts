import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: one interface, on disk (storage-disk.ts, the default, under
 * DATA_DIR/uploads) or in an S3-compatible bucket (storage-s3.ts, when S3_BUCKET is set).
 *
 * Keys are paths of lower-case-safe segments ("gallery/<clubId>/<photoId>-display.webp"): letters,
 * digits, dot, dash and underscore, separated by "/", never "." or ".." alone. A key names one
 * object for good: write a new key for new bytes, so a file can be served with long caching.
 */
export interface Storage {
  /** "disk" or "s3", for logs and the health page. */
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under the key (replacing any object already there). */
  put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** The object as a stream (for serving), or null when there is none. */
  stream(key: string): Promise<StoredStream | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface StoredStream {
  body: Readable;
  contentType: string;
  /** Bytes, when known. */
  size?: number;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
export const STORAGE_KEY_MAX = 512;

/** Whether a string is a valid storage key (see Storage). */
export function isStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > STORAGE_KEY_MAX) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

/** Throws on a key that is not valid: a programming error, not a user's. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a valid storage key: ${JSON.stringify(key)}`);
}

/** Joins key segments ("gallery", clubId, "x.webp") into a key, checking each. */
export function storageKey(...segments: string[]): string {
  const key = segments.join('/');
  assertStorageKey(key);
  return key;
}

/** The public address where GET /api/files/* (features/files/routes.ts) serves a key. */
export function fileUrl(publicUrl: string, key: string): string {
  return `${publicUrl}/api/files/${key}`;
}
