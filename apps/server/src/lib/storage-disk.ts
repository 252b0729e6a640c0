import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type Storage } from './storage.ts';

/**
 * Files under one folder, a key's segments as sub-folders. The content type is kept beside each
 * file in "<file>~type" ("~" never appears in a key). Writes go to a temporary name first and are
 * renamed into place, so a reader never sees half a file.
 */
export function createDiskStorage({ root }: { root: string }): Storage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  const typeOf = async (file: string) =>
    (await readFile(`${file}~type`, 'utf8').catch(() => 'application/octet-stream')).trim();
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    kind: 'disk',
    async put(key, bytes, { contentType }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}~tmp-${randomBytes(6).toString('hex')}`;
      try {
        await writeFile(`${tmp}-type`, contentType);
        await writeFile(tmp, bytes);
        await rename(`${tmp}-type`, `${file}~type`);
        await rename(tmp, file);
      } finally {
        await rm(tmp, { force: true });
        await rm(`${tmp}-type`, { force: true });
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const bytes = await readFile(file);
        return { bytes, contentType: await typeOf(file) };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async stream(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), contentType: await typeOf(file), size: info.size };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}~type`, { force: true });
    },
  };
}
