import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/db/sql-rows.ts';
import { notifySet } from '../../src/domains/notifications/index.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { seededMember } from '../support/world.ts';

/**
 * A claiming notifySet (a reminder's notification is its claim) writes each id once when two
 * transactions claim the same ids at the same moment: the second's plain insert waits for the first,
 * fails with a unique violation once it commits, and the second claims only what is left.
 */
describe.each(backends().filter((b) => b === 'postgres'))('claimed notifications on %s', (backend) => {
  let server: TestServer;
  let clubId: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    ({ clubId, userId } = await seededMember(server, 'admin@redlion.test'));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const claim = (db: TestServer['db'], ids: string[]) =>
    notifySet(
      { db, clock: server.clock, registries: server.registries },
      {
        kind: 'news',
        claim: true,
        messages: sql`SELECT 0 AS ord, x.id, ${clubId}::text AS club_id, ${userId}::text AS user_id,
            'Claimed' AS title, 'Once' AS body, NULL::text AS link, false AS urgent
          FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS x(id)`,
      },
    );

  it('claims each id once when another transaction is claiming some of them at the same moment', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = 0;
    const firstTx = server.db.transaction(async (tx) => {
      first = (await claim(tx, [a, b] as string[])).notified;
      await held; // not committed until the second is waiting on its rows
    });
    while (first === 0) await new Promise((r) => setTimeout(r, 10));
    const second = claim(server.db, [a, b, c] as string[]);
    for (;;) {
      const [w] = await sqlRows<{ n: number }>(
        server.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if ((w?.n ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    release();
    await firstTx;
    expect(first).toBe(2);
    expect((await second).notified).toBe(1);
    // And again: everything is claimed.
    expect((await claim(server.db, [a, b, c] as string[])).notified).toBe(0);
    const rows = await sqlRows<{ id: string }>(
      server.db,
      sql`SELECT id FROM notifications WHERE id IN (${a}, ${b}, ${c}) ORDER BY id`,
    );
    expect(rows.map((r) => r.id)).toEqual([a, b, c].sort());
  });
});
