import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/db/sql-rows.ts';
import { createNotifier, notifyUsers } from '../../src/domains/notifications/index.ts';
import { createTestClock } from '../../src/lib/clock.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { type PushService, startPushService } from '../support/push-service.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

/** `n` members of the seeded club, each with push on one browser of the push service. */
async function membersWithPush(server: TestServer, push: PushService, tag: string, n: number) {
  const [club] = await sqlRows<{ id: string }>(
    server.db,
    sql`SELECT m.club_id AS id FROM memberships m JOIN "user" u ON u.id = m.user_id WHERE u.email = 'admin@redlion.test'`,
  );
  const clubId = club?.id as string;
  const subs: string[] = [];
  const userIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = push.subscribe();
    const userId = `${tag}-${i}`;
    await server.db.execute(sql`INSERT INTO "user" (id, name, email, club_id)
      VALUES (${userId}, ${`Player ${i}`}, ${`${userId}@delivery.test`}, ${clubId})`);
    await server.db.execute(sql`INSERT INTO memberships (id, club_id, user_id, role)
      VALUES (${`m-${userId}`}, ${clubId}, ${userId}, 'player')`);
    await server.db.execute(sql`INSERT INTO push_devices (id, club_id, user_id, device_id, platform, endpoint, p256dh, auth)
      VALUES (${`d-${userId}`}, ${clubId}, ${userId}, 'browser', 'web', ${s.endpoint}, ${s.keys.p256dh}, ${s.keys.auth})`);
    subs.push(s.id);
    userIds.push(userId);
  }
  return { clubId, subs, userIds };
}

async function deliveries(server: TestServer, userIds: string[]) {
  return sqlRows<{ status: string; attempts: number; not_before: Date | null; detail: string | null }>(
    server.db,
    sql`SELECT n.push_status AS status, n.push_attempts AS attempts, n.push_not_before AS not_before,
        n.push_detail AS detail FROM notifications n
      WHERE n.user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))
        AND n.push_status IS NOT NULL
      ORDER BY n.user_id`,
  );
}

/**
 * The sending path when the push service pushes back (429 with Retry-After) and when the process
 * sending dies mid-batch: nothing is lost and nothing goes twice.
 */
describe.each(backends())('push delivery on %s', (backend) => {
  let server: TestServer;
  let push: PushService;

  beforeAll(async () => {
    push = await startPushService();
    server = await startTestServer(backend, {
      seed: true,
      now: '2024-08-10T12:00:00Z',
      env: { PUSH_SERVICE_HOSTS: push.host },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('tries again when the push service answers 429, after its Retry-After, and sends once', async () => {
    const { clubId, subs, userIds } = await membersWithPush(server, push, 'busy', 2);
    const busy = subs[0] as string;
    push.answer(busy, 429, { times: 1, retryAfter: '30' });
    await notifyUsers(server, {
      clubId,
      kind: 'news',
      title: 'Quiz night',
      body: 'Thursday at eight',
      messages: userIds.map((userId) => ({ userId })),
    });
    await server.app.services.notifier.drain();
    expect(push.for(subs[1] as string).map((r) => r.payload.title)).toEqual(['Quiz night']);
    expect(push.for(busy)).toEqual([]);
    const waiting = (await deliveries(server, [userIds[0] as string]))[0];
    expect(waiting?.status).toBe('pending');
    expect(waiting?.detail).toBe('push service answered 429');
    expect(new Date(waiting?.not_before as Date).getTime()).toBe(server.clock.now().getTime() + 30_000);

    // Not before the time it asked for.
    server.clock.advance(20_000);
    await server.app.services.notifier.drain();
    expect(push.for(busy)).toEqual([]);
    server.clock.advance(11_000);
    await server.app.services.notifier.drain();
    expect(push.for(busy).map((r) => r.payload.title)).toEqual(['Quiz night']);
    const rows = await deliveries(server, userIds);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
    expect(push.errors).toEqual([]);
  });

  it('speaks HTTP/2 to a push service that offers it, on one connection', async () => {
    const h2 = await startPushService({ http2: true });
    try {
      const { clubId, subs, userIds } = await membersWithPush(server, h2, 'h2', 3);
      await notifyUsers(server, {
        clubId,
        kind: 'news',
        title: 'Darts league',
        body: 'Tuesday',
        messages: userIds.map((userId) => ({ userId })),
      });
      await server.app.services.notifier.drain();
      for (const sub of subs) {
        expect(h2.for(sub).map((r) => [r.payload.title, r.protocol])).toEqual([['Darts league', 'h2']]);
      }
      expect(h2.errors).toEqual([]);
    } finally {
      await h2.close();
    }
  });

  it.skipIf(backend !== 'postgres')(
    'sends what a process claimed and had not sent when it died, after the restart, none twice',
    async () => {
      const n = 40;
      const { clubId, subs, userIds } = await membersWithPush(server, push, 'crash', n);
      await notifyUsers(
        { ...server, clock: { now: () => new Date() } },
        {
          clubId,
          kind: 'news',
          title: 'Cup final on the big screen',
          body: 'Saturday at three',
          messages: userIds.map((userId) => ({ userId })),
        },
      );
      const before = push.received.length;
      // The service takes ten, then stops answering: the process is mid-batch when it dies.
      push.holdAfter(before + 10);
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/delivery-process.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          DATABASE_URL: server.config.DATABASE_URL as string,
          PUSH_SERVICE_HOSTS: push.host,
          NODE_EXTRA_CA_CERTS: push.certFile,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const until = Date.now() + 60_000;
      for (;;) {
        const rows = await deliveries(server, userIds);
        const sent = rows.filter((r) => r.status === 'sent').length;
        if (sent === 10 && push.requests() > before + 10) break;
        if (Date.now() > until) throw new Error(`the process did not get mid-batch: ${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGKILL');
      await exited;
      const left = await deliveries(server, userIds);
      expect(left.filter((r) => r.status === 'sent')).toHaveLength(10);
      expect(left.filter((r) => r.status === 'sending').length).toBeGreaterThan(0);

      // Restarted (here, a sending path of this process) once the dead one's claims have lapsed.
      push.holdAfter(Number.POSITIVE_INFINITY);
      const restarted = createNotifier({
        db: server.db,
        config: server.config,
        clock: createTestClock(new Date(Date.now() + 31_000)),
        mailer: createMailer({ db: server.db, from: server.config.MAIL_FROM, log: silent as never }),
        log: silent,
        registries: server.registries,
      });
      await restarted.drain();
      await restarted.stop();
      const rows = await deliveries(server, userIds);
      expect(rows.map((r) => r.status)).toEqual(Array(n).fill('sent'));
      for (const sub of subs) {
        expect(push.for(sub).map((r) => r.payload.title)).toEqual(['Cup final on the big screen']);
      }
      expect(push.errors).toEqual([]);
    },
    120_000,
  );
});
