import { chmod, unlink } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { adminSocketPath, type BackupResult, pruneBackups, takeBackup } from './backup.ts';

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type BackupDeps = { database: Database; config: Config; clock: Clock };

/** One backup at a time, whoever asks (the CLI, the schedule). */
function serialised(deps: BackupDeps) {
  let last: Promise<unknown> = Promise.resolve();
  return (outDir?: string): Promise<BackupResult> => {
    const next = last.then(() => takeBackup(deps.database, deps.config, deps.clock.now(), outDir));
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * The running server holds the embedded database's folder (one process per folder), so `lms backup`
 * asks it over a local socket in DATA_DIR, reachable only by the server's own user: no API route,
 * nothing on the network.
 */
export async function startAdminSocket(deps: BackupDeps & { log: Log }) {
  const backup = serialised(deps);
  const socketPath = adminSocketPath(deps.config);
  // A socket left by a server that died: nobody answers on it, so it is removed.
  if (!(await anyoneThere(socketPath))) await unlink(socketPath).catch(() => undefined);
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/backup') return send(404, { error: 'unknown request' });
    let body: { outDir?: unknown } = {};
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body) : {};
    } catch {
      return send(400, { error: 'the request is not JSON' });
    }
    try {
      const result = await backup(typeof body.outDir === 'string' ? body.outDir : undefined);
      deps.log.info({ file: result.file, bytes: result.bytes }, 'backup written (asked for locally)');
      send(200, result);
    } catch (err) {
      deps.log.error({ err }, 'backup failed');
      send(500, { error: (err as Error).message });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    socketPath,
    backup,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

function anyoneThere(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/', method: 'GET', timeout: 2000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

/**
 * Asks the running server for a backup; null when no server answers (then the CLI may open the
 * folder itself).
 */
export function askServerForBackup(
  config: Pick<Config, 'DATA_DIR'>,
  outDir: string | undefined,
): Promise<BackupResult | null> {
  const socketPath = adminSocketPath(config);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/backup', method: 'POST' }, async (res) => {
      const chunks: Buffer[] = [];
      for await (const c of res) chunks.push(c as Buffer);
      const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupResult & { error?: string };
      if (res.statusCode === 200) resolve(json);
      else reject(new Error(`the server could not take the backup: ${json.error ?? res.statusCode}`));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    req.setHeader('content-type', 'application/json');
    req.end(JSON.stringify(outDir ? { outDir } : {}));
  });
}

/** The server's own backups: every BACKUP_EVERY_HOURS, keeping BACKUP_KEEP_DAYS of them. */
export function startBackupSchedule(
  deps: BackupDeps & { log: Log; backup: (outDir?: string) => Promise<BackupResult> },
) {
  const hours = deps.config.BACKUP_EVERY_HOURS;
  if (hours <= 0) return { stop() {} };
  const pass = async () => {
    try {
      const result = await deps.backup();
      const removed = await pruneBackups(
        deps.config.BACKUP_DIR,
        deps.config.BACKUP_KEEP_DAYS,
        deps.clock.now(),
      );
      deps.log.info({ file: result.file, bytes: result.bytes, removed }, 'scheduled backup written');
    } catch (err) {
      deps.log.error({ err }, 'scheduled backup failed');
    }
  };
  const timer = setInterval(() => void pass(), hours * 60 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
