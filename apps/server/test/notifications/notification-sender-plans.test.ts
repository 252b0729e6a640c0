import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimDeliveries,
  recordDeliveries,
  releaseClaims,
  renewClaims,
} from '../../src/domains/notifications/queries.ts';
import { throughPool } from '../support/pool-queries.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { seededMember } from '../support/world.ts';

/**
 * At a deadline the queue's statistics are older than the burst in it: the planner expects a few
 * pending rows and a few claims in flight when there are thousands. The sender's statements must
 * still read only their batch (decision 033): a claim stops at its batch rather than read and sort
 * every pending row, and recording, renewing and releasing find the batch's rows without scanning
 * every claim in flight. Checked on the plans PostgreSQL makes for the statements the sender runs.
 */
describe.each(backends().filter((b) => b === 'postgres'))('the sender after a burst, on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const { clubId, userId } = await seededMember(server, 'admin@redlion.test');
    // Statistics of an empty queue, then a burst of 3,000 pending pushes.
    await server.db.execute(sql`DELETE FROM notifications`);
    await server.db.execute(sql`VACUUM ANALYZE notifications`);
    await server.db.execute(sql`INSERT INTO notifications (id, club_id, user_id, kind, title, body, created_at, push_status)
      SELECT 'burst-' || g, ${clubId}, ${userId}, 'news', 'Burst', 'One of many', now(), 'pending'
      FROM generate_series(1, 3000) g`);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  /** The plans of the statements `run` sends that start with `prefix`, which are explained, not run. */
  async function plansOf(prefix: string, run: () => Promise<unknown>): Promise<string[]> {
    const plans: string[] = [];
    const restore = throughPool(server, async (query, config, values) => {
      if (!config.text.trimStart().startsWith(prefix)) return query(config, values);
      const explained = await query({ text: `EXPLAIN ${config.text}` }, values);
      plans.push(explained.rows.map((r: Record<string, string>) => Object.values(r)[0]).join('\n'));
      return { ...explained, rows: [], rowCount: 0 };
    });
    try {
      await run();
    } finally {
      restore();
    }
    return plans;
  }

  const claim = () =>
    claimDeliveries(server.db, { limit: 500, now: server.clock.now(), leaseMs: 30_000, maxAttempts: 5 });

  it('a claim takes its batch from the index without sorting every pending delivery', async () => {
    const [plan] = await plansOf('WITH push_pending', claim);
    expect(plan).toBeDefined();
    expect(plan).not.toMatch(/Sort Key: notifications(_\d+)?\.created_at/);
    // Claimed for real, 500 at a time.
    expect(await claim()).toHaveLength(500);
  });

  it('recording, renewing and releasing a batch do not go through every claim in flight', async () => {
    const claimed = [...(await claim()), ...(await claim()), ...(await claim())];
    expect(claimed.length).toBeGreaterThanOrEqual(1500);
    const batch = claimed.slice(0, 200);
    const ids = batch.map((d) => d.id);
    const at = server.clock.now();
    const plans = [
      ...(await plansOf('UPDATE', () =>
        recordDeliveries(server.db, {
          outcomes: ids.map((id) => ({ id, status: 'sent', detail: null })),
          at,
        }),
      )),
      ...(await plansOf('UPDATE', () => renewClaims(server.db, { ids, at }))),
      ...(await plansOf('UPDATE', () => releaseClaims(server.db, { ids }))),
    ];
    expect(plans).toHaveLength(3);
    // By the keys, or (a table this small) by reading it once: never through every claim in flight.
    for (const plan of plans) expect(plan).not.toContain('notifications_push_sending_idx');
  });
});
