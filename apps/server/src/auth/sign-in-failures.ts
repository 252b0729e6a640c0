import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { signInFailures } from '../db/schema/index.ts';

export const MAX_FAILED_SIGN_INS = 10;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Rows are keyed by a hash of the address, not the address: anyone can make a row by typing an
 * address into the sign-in form, so the table should hold no email addresses.
 */
export function failureKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Minutes until the account may try again, or 0 when it may try now. */
export async function lockedForMinutes(db: Db, email: string, now: Date): Promise<number> {
  const [row] = await db
    .select()
    .from(signInFailures)
    .where(eq(signInFailures.email, failureKey(email)));
  if (!row || row.failures < MAX_FAILED_SIGN_INS) return 0;
  const remaining = row.windowStartedAt.getTime() + FAILED_SIGN_IN_WINDOW_MS - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 60_000) : 0;
}

export async function recordFailedSignIn(db: Db, email: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS);
  await db
    .insert(signInFailures)
    .values({ email: failureKey(email), failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        failures: sql`case when ${signInFailures.windowStartedAt} < ${windowStart} then 1 else ${signInFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} < ${windowStart} then ${now} else ${signInFailures.windowStartedAt} end`,
      },
    });
}

export async function clearFailedSignIns(db: DbOrTx, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, failureKey(email)));
}
