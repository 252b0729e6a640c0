import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

/**
 * Backups of an install: one `.tar.gz` holding the embedded database's folder (PGlite's data, the
 * generated auth secret) and the uploaded files under DATA_DIR/uploads. On PostgreSQL the database
 * is backed up with pg_dump (README, "Backups") and the archive holds the uploaded files only.
 */

export const BACKUP_FORMAT = 'lastman-backup';
const MANIFEST = 'manifest.json';
const PREFIX = 'lastman-backup-';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** `pglite`: the archive holds the embedded database; `postgres`: it does not (use pg_dump). */
  database: 'pglite' | 'postgres';
  files: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** Never copied into a backup: earlier backups, the local admin socket, a staging folder. */
function skipped(config: Pick<Config, 'DATA_DIR' | 'BACKUP_DIR'>) {
  const backupDir = path.resolve(config.BACKUP_DIR);
  return (absolute: string, name: string) =>
    absolute === backupDir ||
    name.startsWith('.lastman-') ||
    name === 'admin.sock' ||
    // The lock file of a running postmaster: a restored folder starts clean without it.
    name === 'postmaster.pid';
}

async function* walk(
  dir: string,
  rel: string,
  skip: (abs: string, name: string) => boolean,
): AsyncGenerator<{ abs: string; rel: string; dir: boolean }> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const abs = path.join(dir, entry.name);
    if (skip(abs, entry.name)) continue;
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      yield { abs, rel: r, dir: true };
      yield* walk(abs, r, skip);
    } else if (entry.isFile()) {
      yield { abs, rel: r, dir: false };
    }
  }
}

/**
 * Copies DATA_DIR into a staging folder at one instant: database files are copied (PostgreSQL writes
 * them in place), uploaded files hard-linked (they are written once, so a link is a snapshot and
 * costs nothing), copied where linking is not possible.
 */
async function stage(
  config: Pick<Config, 'DATA_DIR' | 'BACKUP_DIR'>,
  into: string,
  only?: 'uploads',
): Promise<number> {
  const isSkipped = skipped(config);
  const skip = (abs: string, name: string) => isSkipped(abs, name) || isUnder(abs, config.BACKUP_DIR);
  let files = 0;
  const root = only ? path.join(config.DATA_DIR, only) : config.DATA_DIR;
  for await (const entry of walk(root, only ?? '', skip)) {
    const target = path.join(into, entry.rel);
    if (entry.dir) {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    const uploaded = entry.rel.startsWith('uploads/');
    if (uploaded) await link(entry.abs, target).catch(() => copyFile(entry.abs, target));
    else await copyFile(entry.abs, target);
    files++;
  }
  return files;
}

function isUnder(file: string, dir: string) {
  const rel = path.relative(path.resolve(dir), path.resolve(file));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Takes a consistent backup while the server runs. The embedded database is paused (no transaction
 * in flight, no statement running: PGlite's own locks, the ones `dumpDataDir` takes) while its
 * folder and the uploads are staged, which takes a moment; the slow part, compressing, runs after.
 * The staged copy is what a power cut at that instant would leave: PostgreSQL recovers it on open.
 */
export async function takeBackup(
  database: Database,
  config: Pick<Config, 'DATA_DIR' | 'BACKUP_DIR'>,
  now: Date,
  outDir: string = config.BACKUP_DIR,
): Promise<BackupResult> {
  await mkdir(outDir, { recursive: true });
  // Staged beside the backups (on DATA_DIR's disk by default, so uploads can be hard-linked).
  const staging = path.join(outDir, `.lastman-staging-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { recursive: true });
  try {
    let files: number;
    if (database.kind === 'pglite') {
      files = await database.paused(() => stage(config, path.join(staging, 'data')));
    } else {
      files = await stage(config, path.join(staging, 'data'), 'uploads');
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      database: database.kind,
      files,
    };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    await mkdir(path.join(staging, 'data'), { recursive: true });
    const file = path.join(outDir, `${PREFIX}${stamp(now)}.tar.gz`);
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, 'data']);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Deletes this install's backups older than `keepDays`; returns the files removed. */
export async function pruneBackups(dir: string, keepDays: number, now: Date): Promise<string[]> {
  const cutoff = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = /^lastman-backup-(\d{8})T(\d{6})Z\.tar\.gz$/.exec(name);
    if (!m?.[1] || !m[2]) continue;
    const [d, t] = [m[1], m[2]];
    const at = Date.parse(
      `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`,
    );
    if (at < cutoff) {
      await rm(path.join(dir, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}

export class RestoreError extends Error {}

/**
 * Restores a backup into a data folder: refused when the folder already holds a database, unless
 * `force`, which first moves the old folder aside (never deletes it). The restored database is
 * opened once, so a damaged backup is found now rather than at the server's next start.
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  opts: { force?: boolean; now: Date },
): Promise<{ manifest: BackupManifest; movedAside: string | null }> {
  if (!existsSync(archive)) throw new RestoreError(`no such backup file: ${archive}`);
  const staging = `${path.resolve(dataDir)}.lastman-restore-${randomBytes(4).toString('hex')}`;
  await mkdir(staging, { recursive: true });
  try {
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true });
    } catch (err) {
      throw new RestoreError(`${archive} is not a Lastman backup: ${(err as Error).message}`);
    }
    const manifest = await readManifest(path.join(staging, MANIFEST), archive);
    const restored = path.join(staging, 'data');
    await mkdir(restored, { recursive: true });
    if (manifest.database === 'pglite') {
      // PostgreSQL recovers the staged copy (replays its log) once, here.
      const db = new PGlite(restored);
      await db.query('select 1');
      await db.close();
    }
    let movedAside: string | null = null;
    if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
      const holdsDatabase = existsSync(path.join(dataDir, 'PG_VERSION'));
      if (!opts.force) {
        throw new RestoreError(
          `${dataDir} is not empty${holdsDatabase ? ' (it holds a database)' : ''}: restore into a new folder, or add --force to move it aside first`,
        );
      }
      movedAside = `${path.resolve(dataDir)}.before-restore-${stamp(opts.now)}`;
      await rename(dataDir, movedAside);
    }
    await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    if (existsSync(dataDir)) await rm(dataDir, { recursive: true });
    await rename(restored, dataDir);
    return { manifest, movedAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(file: string, archive: string): Promise<BackupManifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new RestoreError(`${archive} is not a Lastman backup (it has no ${MANIFEST})`);
  }
  const m = parsed as Partial<BackupManifest>;
  if (
    m.format !== BACKUP_FORMAT ||
    m.version !== 1 ||
    (m.database !== 'pglite' && m.database !== 'postgres')
  ) {
    throw new RestoreError(`${archive} is not a Lastman backup this version can restore`);
  }
  return m as BackupManifest;
}

/**
 * The local socket the running server answers backup requests on: only the server's own user can
 * reach it (mode 0600), and it is no HTTP route of the API. A path too long for a socket is hashed
 * into the temporary folder.
 */
export function adminSocketPath(config: Pick<Config, 'DATA_DIR'>): string {
  const inData = path.join(path.resolve(config.DATA_DIR), 'admin.sock');
  if (inData.length < 100) return inData;
  const hash = createHash('sha256').update(inData).digest('hex').slice(0, 16);
  return path.join('/tmp', `lastman-${hash}.sock`);
}
