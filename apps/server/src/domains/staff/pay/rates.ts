import { PAY_RATE_FROM_THE_START } from '@lastman/api';
import { londonDay } from '@lastman/api/time';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { clockEntries } from '../clock/schema.ts';
import { shifts } from '../shifts/schema.ts';
import { positionRatesOf } from './queries.ts';
import { staffPayRates } from './schema.ts';

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

/**
 * The one rate rule for pay (rota costs, timesheets, payroll files, analytics): the person's own rate
 * on the London day, else the rate of the position the time is worked in, else none.
 */
export function payRate(
  changes: readonly RateChange[],
  positionRates: ReadonlyMap<string, number>,
  { userId, day, position }: { userId: string; day: string; position: string | null },
): number | null {
  const own = rateOn(changes, userId, day);
  if (own !== null) return own;
  return position === null ? null : (positionRates.get(position) ?? null);
}

/** Every position's rate in the club, by position name. */
export async function positionRatesByName(db: DbOrTx, { clubId }: { clubId: string }) {
  return new Map((await positionRatesOf(db, { clubId })).map((r) => [r.position, r.hourlyRatePence]));
}

/**
 * The position a clock entry is paid as, for a query over `clock_entries`: the position of the shift
 * it was matched to; for an entry matched to none (hours an admin added from a paper sheet, say), the
 * person's usual position: their latest published shift that started at or before the clock-in, else
 * their first published shift after it, else the shift of theirs nearest in time even if still a
 * draft (null: they have no shift at all). Hours added before someone's first published shift, or
 * while the rota is still a draft, were paid nothing beside a minute clocked on a shift.
 */
export const paidPosition: SQL<string | null> = (() => {
  // Named with the table: a query over clock_entries alone would print the bare column, which the
  // subqueries below would read as their own shifts' column of the same name.
  const outer = (column: { name: string }) => sql`${clockEntries}.${sql.identifier(column.name)}`;
  return sql<string | null>`coalesce(
  (select ps.position from ${shifts} ps where ps.id = ${outer(clockEntries.shiftId)}),
  (select us.position from ${shifts} us
    where us.club_id = ${outer(clockEntries.clubId)} and us.user_id = ${outer(clockEntries.userId)}
      and us.status = 'published' and us.starts_at <= ${outer(clockEntries.clockInAt)}
    order by us.starts_at desc limit 1),
  (select ns.position from ${shifts} ns
    where ns.club_id = ${outer(clockEntries.clubId)} and ns.user_id = ${outer(clockEntries.userId)}
      and ns.status = 'published' and ns.starts_at > ${outer(clockEntries.clockInAt)}
    order by ns.starts_at limit 1),
  (select ds.position from ${shifts} ds
    where ds.club_id = ${outer(clockEntries.clubId)} and ds.user_id = ${outer(clockEntries.userId)}
    order by abs(extract(epoch from (ds.starts_at - ${outer(clockEntries.clockInAt)}))) limit 1))`;
})();

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
  const effectiveFrom = values.from ?? (had.length ? londonDay(now) : PAY_RATE_FROM_THE_START);
  await db
    .insert(staffPayRates)
    .values({ clubId, userId, effectiveFrom, hourlyRatePence, setBy, setAt: now })
    .onConflictDoUpdate({
      target: [staffPayRates.clubId, staffPayRates.userId, staffPayRates.effectiveFrom],
      set: { hourlyRatePence, setBy, setAt: now },
    });
  return effectiveFrom;
}
