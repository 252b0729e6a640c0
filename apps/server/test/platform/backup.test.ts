import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { startAdminSocket } from '../../src/backup/admin-socket.ts';
import { pruneBackups, restoreBackup, takeBackup } from '../../src/backup/backup.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { clubs, competitions, orders, refunds, user, userPhotos } from '../../src/db/schema/index.ts';
import { createTestClock } from '../../src/lib/clock.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { migratedPgliteCopy } from '../support/test-server.ts';
import { aClub, aCompetition, anOrder, demoClub } from '../support/world.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** `npm run lms -- <args>` as a separate process, as an operator runs it. */
function lms(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/lms.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('backups of the embedded database and the uploaded files', () => {
  let tmp: string;
  let dataDir: string;
  let database: Database;
  let closeAll: () => Promise<void>;
  const photoBytes = Buffer.from('a tiny profile photo, as bytes');
  const uploadBytes = Buffer.from('a gallery image, as bytes');
  const want = {} as {
    clubIds: string[];
    competitionIds: string[];
    orderIds: string[];
    refundIds: string[];
    photoUser: string;
  };

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'lastman-backup-'));
    dataDir = path.join(tmp, 'data');
    database = openDatabase({ dataDir: migratedPgliteCopy(dataDir) });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
    });
    const clock = createTestClock('2024-08-10T12:00:00Z');
    const app = await buildApp({ config, database, clock, logger: false });
    await seedDemo(database.db, app.services.auth);
    const server = { db: database.db };

    // Two clubs, their competitions, a paid order with a refund, a photo, an uploaded file.
    const kings = await aClub(server);
    const red = await demoClub(server);
    const compA = await aCompetition(server, { clubId: red.id, entryFeePence: 500 });
    const compB = await aCompetition(server, { clubId: kings.id, name: 'Kings LMS', entryFeePence: 700 });
    const [someone] = await database.db.select().from(user).where(eq(user.email, 'player1@redlion.test'));
    if (!someone) throw new Error('seed missing');
    const orderA = await anOrder(server, {
      competition: compA,
      userId: someone.id,
      status: 'partially_refunded',
      entryCount: 2,
      amountPence: 1000,
      refundedPence: 500,
      paidAt: new Date(),
    });
    const orderB = await anOrder(server, { competition: compB, userId: someone.id, status: 'paid' });
    const [refund] = await database.db
      .insert(refunds)
      .values({
        clubId: red.id,
        orderId: orderA.id,
        entryIds: [],
        amountPence: 500,
        status: 'succeeded',
        reason: 'Changed their mind',
      })
      .returning();
    await database.db
      .insert(userPhotos)
      .values({ userId: someone.id, contentType: 'image/webp', bytes: photoBytes, updatedAt: new Date() });
    await mkdir(path.join(dataDir, 'uploads', 'gallery'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'gallery', 'pub-quiz.webp'), uploadBytes);
    await writeFile(path.join(dataDir, 'auth-secret'), 'the-install-secret');

    want.clubIds = [red.id, kings.id];
    want.competitionIds = [compA.id, compB.id];
    want.orderIds = [orderA.id, orderB.id];
    want.refundIds = [refund?.id ?? 'missing'];
    want.photoUser = someone.id;

    const socket = await startAdminSocket({ database, config, clock, log: { info() {}, error() {} } });
    closeAll = async () => {
      await socket.close();
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await closeAll?.();
    await rm(tmp, { recursive: true, force: true });
  });

  it('`lms backup` asks the running server, while it writes, and `lms restore` brings every record back', async () => {
    const out = path.join(tmp, 'out');
    // The server keeps writing while the backup is taken: the backup is one instant of it.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await database.db.transaction(async (tx) => {
          await tx
            .insert(clubs)
            .values({ slug: `busy-${written}`, name: `Busy ${written}`, joinCode: `BUSY${written}` });
        });
        written++;
        // PGlite answers without leaving the microtask queue: let the event loop (the socket) run.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const backup = await lms(['backup', '--out', out], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/asked the running server/);
    const [file] = (await readdir(out)).filter((f) => f.endsWith('.tar.gz'));
    expect(file).toMatch(/^lastman-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(written).toBeGreaterThan(0);

    const fresh = path.join(tmp, 'fresh');
    const restore = await lms(['restore', path.join(out, file ?? ''), '--data-dir', fresh], {});
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    expect(await readFile(path.join(fresh, 'uploads', 'gallery', 'pub-quiz.webp'))).toEqual(uploadBytes);
    expect(await readFile(path.join(fresh, 'auth-secret'), 'utf8')).toBe('the-install-secret');
    expect(existsSync(path.join(fresh, 'admin.sock'))).toBe(false);

    const restored = openDatabase({ dataDir: fresh });
    try {
      const db = restored.db;
      const clubRows = await db.select().from(clubs);
      expect(clubRows.map((c) => c.id)).toEqual(expect.arrayContaining(want.clubIds));
      // Whole transactions only: each busy club is there or not, never half.
      const busy = clubRows.filter((c) => c.slug.startsWith('busy-')).length;
      expect(busy).toBeLessThanOrEqual(written);
      expect((await db.select().from(competitions)).map((c) => c.id)).toEqual(
        expect.arrayContaining(want.competitionIds),
      );
      const orderRows = await db.select().from(orders);
      expect(orderRows.map((o) => o.id)).toEqual(expect.arrayContaining(want.orderIds));
      expect(orderRows.find((o) => o.id === want.orderIds[0])).toMatchObject({
        status: 'partially_refunded',
        refundedPence: 500,
      });
      expect((await db.select().from(refunds)).map((r) => r.id)).toEqual(want.refundIds);
      const [photo] = await db.select().from(userPhotos).where(eq(userPhotos.userId, want.photoUser));
      expect(photo?.bytes).toEqual(photoBytes);
    } finally {
      await restored.close();
    }

    // A folder that holds a database is never overwritten without --force.
    const again = await lms(['restore', path.join(out, file ?? ''), '--data-dir', fresh], {});
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/not empty \(it holds a database\).*--force/);

    // Restoring into the running server's folder is refused.
    const busyRestore = await lms(
      ['restore', path.join(out, file ?? ''), '--data-dir', dataDir, '--force'],
      {},
    );
    expect(busyRestore.code).toBe(2);
    expect(busyRestore.stderr).toMatch(/server is running/);
  }, 240_000);

  it('with --force the folder there is moved aside, never deleted', async () => {
    const out = path.join(tmp, 'out2');
    const config = { DATA_DIR: dataDir, BACKUP_DIR: out };
    const { file } = await takeBackup(database, config, new Date('2024-08-11T10:00:00Z'));
    const target = path.join(tmp, 'occupied');
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, 'something.txt'), 'keep me');
    const { movedAside } = await restoreBackup(file, target, {
      force: true,
      now: new Date('2024-08-11T10:05:00Z'),
    });
    expect(movedAside).toMatch(/occupied\.before-restore-20240811T100500Z$/);
    expect(await readFile(path.join(movedAside ?? '', 'something.txt'), 'utf8')).toBe('keep me');
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('the schedule keeps backups for BACKUP_KEEP_DAYS', async () => {
    const dir = path.join(tmp, 'kept');
    await mkdir(dir, { recursive: true });
    for (const name of [
      'lastman-backup-20240801T030000Z.tar.gz',
      'lastman-backup-20240805T030000Z.tar.gz',
      'lastman-backup-20240810T030000Z.tar.gz',
      'notes.txt',
    ]) {
      await writeFile(path.join(dir, name), 'x');
    }
    const removed = await pruneBackups(dir, 7, new Date('2024-08-10T12:00:00Z'));
    expect(removed).toEqual(['lastman-backup-20240801T030000Z.tar.gz']);
    expect((await readdir(dir)).sort()).toEqual([
      'lastman-backup-20240805T030000Z.tar.gz',
      'lastman-backup-20240810T030000Z.tar.gz',
      'notes.txt',
    ]);
  });
});
