import { PAY_RATE_FROM_THE_START } from '@lastman/api';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffPayRates } from '../../db/schema/index.ts';
import { londonDate } from '../../lib/london-dates.ts';

export interface RateChange {
  userId: string;
  /** The first London day (YYYY-MM-DD) the rate applies to. */
  effectiveFrom: string;
  hourlyRatePence: number | null;
}

/** Each person's rate changes in the club, latest first (the order `rateOn` reads them in). */
export async function rateChangesOf(db: DbOrTx, { clubId, userIds }: { clubId: string; userIds?: string[] }) {
  return db
    .select({
      userId: staffPayRates.userId,
      effectiveFrom: staffPayRates.effectiveFrom,
      hourlyRatePence: staffPayRates.hourlyRatePence,
    })
    .from(staffPayRates)
    .where(
      and(eq(staffPayRates.clubId, clubId), userIds ? inArray(staffPayRates.userId, userIds) : undefined),
    )
    .orderBy(desc(staffPayRates.effectiveFrom));
}

/** A person's own rate on a London day: their latest change on or before it (null: none). */
export function rateOn(changes: readonly RateChange[], userId: string, day: string): number | null {
  return changes.find((c) => c.userId === userId && c.effectiveFrom <= day)?.hourlyRatePence ?? null;
}

/** The first change after a day, if one is set ahead (a rise from 1 April, say). */
export function nextRate(changes: readonly RateChange[], userId: string, day: string) {
  const next = changes.filter((c) => c.userId === userId && c.effectiveFrom > day).at(-1);
  return next ? { from: next.effectiveFrom, hourlyRatePence: next.hourlyRatePence } : null;
}

/**
 * Sets a person's rate from a London day on. Without a day: from today, or, for someone who has
 * never had a rate, from the start, so that the first rate covers the hours already worked.
 */
export async function setRateFrom(
  db: DbOrTx,
  values: {
    clubId: string;
    userId: string;
    hourlyRatePence: number | null;
    from?: string;
    setBy: string;
    now: Date;
  },
) {
  const { clubId, userId, hourlyRatePence, setBy, now } = values;
  const had = await rateChangesOf(db, { clubId, userIds: [userId] });
  const effectiveFrom = values.from ?? (had.length ? londonDate(now) : PAY_RATE_FROM_THE_START);
  await db
    .insert(staffPayRates)
    .values({ clubId, userId, effectiveFrom, hourlyRatePence, setBy, setAt: now })
    .onConflictDoUpdate({
      target: [staffPayRates.clubId, staffPayRates.userId, staffPayRates.effectiveFrom],
      set: { hourlyRatePence, setBy, setAt: now },
    });
  return effectiveFrom;
}
