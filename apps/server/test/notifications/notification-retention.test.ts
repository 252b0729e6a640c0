import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/db/sql-rows.ts';
import {
  NOTIFICATION_RETENTION_DAYS,
  pruneNotifications,
} from '../../src/domains/notifications/retention.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { seededMember } from '../support/world.ts';

/**
 * The retention: notifications older than NOTIFICATION_RETENTION_DAYS leave the member's list, except
 * one whose push or email is still queued or being sent; younger ones stay.
 */
describe.each(backends())('notification retention on %s', (backend) => {
  let server: TestServer;
  let clubId: string;
  let userId: string;
  const now = new Date('2025-08-10T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: now.toISOString() });
    ({ clubId, userId } = await seededMember(server, 'admin@redlion.test'));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('deletes what is past the retention and not still being delivered', async () => {
    const rows: [string, string, string | null][] = [
      ['old-read', daysAgo(NOTIFICATION_RETENTION_DAYS + 30), null],
      ['old-sent', daysAgo(NOTIFICATION_RETENTION_DAYS + 1), 'sent'],
      ['old-pending', daysAgo(NOTIFICATION_RETENTION_DAYS + 1), 'pending'],
      ['old-sending', daysAgo(NOTIFICATION_RETENTION_DAYS + 1), 'sending'],
      ['young', daysAgo(NOTIFICATION_RETENTION_DAYS - 1), 'sent'],
    ];
    for (const [id, at, push] of rows) {
      await server.db.execute(sql`INSERT INTO notifications (id, club_id, user_id, kind, title, body, created_at, push_status)
        VALUES (${`retention-${id}`}, ${clubId}, ${userId}, 'news', 'Old news', 'Body', ${at}::timestamptz, ${push})`);
    }
    expect(await pruneNotifications(server.db, now)).toBe(2);
    const left = await sqlRows<{ id: string }>(
      server.db,
      sql`SELECT id FROM notifications WHERE id LIKE 'retention-%' ORDER BY id`,
    );
    expect(left.map((r) => r.id)).toEqual([
      'retention-old-pending',
      'retention-old-sending',
      'retention-young',
    ]);
    expect(await pruneNotifications(server.db, now)).toBe(0);
  });
});
