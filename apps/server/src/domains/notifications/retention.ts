import { DAY_MS } from '@lastman/api/time';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { notifications } from './schema.ts';

/** How long a notification stays in a member's list: a season and the summer after it. */
export const NOTIFICATION_RETENTION_DAYS = 365;

/**
 * Deletes the notifications older than the retention, except one whose push or email is still
 * queued or being sent. The inbox reads a member's notifications by the primary key's prefix
 * (docs/decisions/030-reminders-one-row-per-reminder.md), which stays quick only while each member
 * has hundreds, not years' worth. A pick reminder's claim is its notification, but it is needed
 * only until its deadline, a day at most after it was written. Returns how many went.
 */
export async function pruneNotifications(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`WITH gone AS (
        DELETE FROM ${notifications}
        WHERE created_at < ${cutoff.toISOString()}::timestamptz
          AND coalesce(push_status, 'sent') NOT IN ('pending', 'sending')
          AND coalesce(email_status, 'sent') NOT IN ('pending', 'sending')
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`,
  );
  return row?.n ?? 0;
}
