import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  clockEntries,
  positionPayRates,
  shiftReminderSends,
  shiftSwaps,
  shifts,
  shiftTemplates,
  staffAbsences,
  user,
} from '../../db/schema/index.ts';
import { sqlRows } from '../../db/sql-rows.ts';

// ---- Templates ----

export async function templatesOf(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select()
    .from(shiftTemplates)
    .where(eq(shiftTemplates.clubId, clubId))
    .orderBy(asc(shiftTemplates.name), asc(shiftTemplates.id));
}

export async function insertTemplate(db: DbOrTx, values: typeof shiftTemplates.$inferInsert) {
  const [row] = await db.insert(shiftTemplates).values(values).returning();
  if (!row) throw new Error('template insert returned nothing');
  return row;
}

export async function deleteTemplate(db: DbOrTx, { clubId, id }: { clubId: string; id: string }) {
  const rows = await db
    .delete(shiftTemplates)
    .where(and(eq(shiftTemplates.clubId, clubId), eq(shiftTemplates.id, id)))
    .returning({ id: shiftTemplates.id });
  return rows.length > 0;
}

// ---- Absences: leave and unavailability ----

export type AbsenceRow = typeof staffAbsences.$inferSelect;

export async function insertAbsence(db: DbOrTx, values: typeof staffAbsences.$inferInsert) {
  const [row] = await db.insert(staffAbsences).values(values).returning();
  if (!row) throw new Error('absence insert returned nothing');
  return row;
}

/** The club's absences that meet [from, to) (or all of one person's), newest first, with names. */
export async function absencesOf(
  db: DbOrTx,
  {
    clubId,
    userId,
    from,
    to,
    status,
  }: { clubId: string; userId?: string; from?: Date; to?: Date; status?: AbsenceRow['status'] },
) {
  return db
    .select({ absence: staffAbsences, staffName: user.name })
    .from(staffAbsences)
    .leftJoin(user, eq(user.id, staffAbsences.userId))
    .where(
      and(
        eq(staffAbsences.clubId, clubId),
        userId ? eq(staffAbsences.userId, userId) : undefined,
        to ? lt(staffAbsences.startsAt, to) : undefined,
        from ? gt(staffAbsences.endsAt, from) : undefined,
        status ? eq(staffAbsences.status, status) : undefined,
      ),
    )
    .orderBy(asc(staffAbsences.startsAt), asc(staffAbsences.id));
}

/** The person's unavailability or approved leave that meets [startsAt, endsAt), if any. */
export async function absenceDuring(
  db: DbOrTx,
  {
    clubId,
    userId,
    startsAt,
    endsAt,
    kind,
  }: { clubId: string; userId: string; startsAt: Date; endsAt: Date; kind?: AbsenceRow['kind'] },
) {
  const [row] = await db
    .select()
    .from(staffAbsences)
    .where(
      and(
        eq(staffAbsences.clubId, clubId),
        eq(staffAbsences.userId, userId),
        eq(staffAbsences.status, 'approved'),
        kind ? eq(staffAbsences.kind, kind) : undefined,
        lt(staffAbsences.startsAt, endsAt),
        gt(staffAbsences.endsAt, startsAt),
      ),
    )
    .orderBy(asc(staffAbsences.startsAt))
    .limit(1);
  return row;
}

export async function absenceById(db: DbOrTx, { clubId, id }: { clubId: string; id: string }) {
  const [row] = await db
    .select()
    .from(staffAbsences)
    .where(and(eq(staffAbsences.clubId, clubId), eq(staffAbsences.id, id)));
  return row;
}

/** Decides a pending leave request; nothing if it was already decided (one decision wins). */
export async function decideLeave(
  db: DbOrTx,
  {
    clubId,
    id,
    status,
    by,
    at,
  }: { clubId: string; id: string; status: 'approved' | 'refused'; by: string; at: Date },
) {
  const [row] = await db
    .update(staffAbsences)
    .set({ status, decidedBy: by, decidedAt: at })
    .where(
      and(
        eq(staffAbsences.clubId, clubId),
        eq(staffAbsences.id, id),
        eq(staffAbsences.kind, 'leave'),
        eq(staffAbsences.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

/** Serialises deciding one person's leave, so two approvals cannot both spend the same balance. */
export async function lockHoliday(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`holiday:${clubId}:${userId}`}))`);
}

export async function deleteOwnAbsence(
  db: DbOrTx,
  { clubId, userId, id }: { clubId: string; userId: string; id: string },
) {
  const rows = await db
    .delete(staffAbsences)
    .where(
      and(
        eq(staffAbsences.clubId, clubId),
        eq(staffAbsences.userId, userId),
        eq(staffAbsences.id, id),
        ne(staffAbsences.status, 'approved'),
      ),
    )
    .returning({ id: staffAbsences.id });
  if (rows.length > 0) return true;
  // Unavailability is always "approved" (nothing to approve): its owner may still remove it.
  const un = await db
    .delete(staffAbsences)
    .where(
      and(
        eq(staffAbsences.clubId, clubId),
        eq(staffAbsences.userId, userId),
        eq(staffAbsences.id, id),
        eq(staffAbsences.kind, 'unavailable'),
      ),
    )
    .returning({ id: staffAbsences.id });
  return un.length > 0;
}

// ---- Swaps ----

export type SwapRow = typeof shiftSwaps.$inferSelect;

export async function insertSwap(db: DbOrTx, values: typeof shiftSwaps.$inferInsert) {
  const [row] = await db.insert(shiftSwaps).values(values).returning();
  if (!row) throw new Error('swap insert returned nothing');
  return row;
}

export async function swapById(db: DbOrTx, { clubId, id }: { clubId: string; id: string }) {
  const [row] = await db
    .select()
    .from(shiftSwaps)
    .where(and(eq(shiftSwaps.clubId, clubId), eq(shiftSwaps.id, id)));
  return row;
}

/** Moves a swap from one status to the next, only if it is still in `from` (one answer wins). */
export async function moveSwap(
  db: DbOrTx,
  {
    clubId,
    id,
    from,
    to,
    at,
  }: {
    clubId: string;
    id: string;
    from: SwapRow['status'] | SwapRow['status'][];
    to: SwapRow['status'];
    at: Date;
  },
) {
  const [row] = await db
    .update(shiftSwaps)
    .set({ status: to, decidedAt: at })
    .where(
      and(
        eq(shiftSwaps.clubId, clubId),
        eq(shiftSwaps.id, id),
        Array.isArray(from) ? inArray(shiftSwaps.status, from) : eq(shiftSwaps.status, from),
      ),
    )
    .returning();
  return row;
}

/**
 * An offer to anyone taken by the first who asks: they are written in and it is accepted, only if
 * it is still open (one taker wins).
 */
export async function takeOpenSwap(
  db: DbOrTx,
  { clubId, id, userId }: { clubId: string; id: string; userId: string },
) {
  const [row] = await db
    .update(shiftSwaps)
    .set({ toUserId: userId, status: 'accepted' })
    .where(
      and(
        eq(shiftSwaps.clubId, clubId),
        eq(shiftSwaps.id, id),
        eq(shiftSwaps.status, 'offered'),
        isNull(shiftSwaps.toUserId),
      ),
    )
    .returning();
  return row;
}

/**
 * Swaps with their shifts and names: one person's (either side, and the offers to anyone still
 * open), or the club's in some statuses.
 */
export async function swapsOf(
  db: DbOrTx,
  { clubId, userId, statuses }: { clubId: string; userId?: string; statuses?: SwapRow['status'][] },
) {
  const from = alias(user, 'from_user');
  const to = alias(user, 'to_user');
  const mine = alias(shifts, 'swap_shift');
  const other = alias(shifts, 'other_shift');
  return db
    .select({
      swap: shiftSwaps,
      fromName: from.name,
      toName: to.name,
      shift: { id: mine.id, startsAt: mine.startsAt, endsAt: mine.endsAt, position: mine.position },
      otherShift: {
        id: other.id,
        startsAt: other.startsAt,
        endsAt: other.endsAt,
        position: other.position,
      },
    })
    .from(shiftSwaps)
    .innerJoin(mine, eq(mine.id, shiftSwaps.shiftId))
    .leftJoin(other, eq(other.id, shiftSwaps.otherShiftId))
    .leftJoin(from, eq(from.id, shiftSwaps.fromUserId))
    .leftJoin(to, eq(to.id, shiftSwaps.toUserId))
    .where(
      and(
        eq(shiftSwaps.clubId, clubId),
        userId
          ? or(
              eq(shiftSwaps.fromUserId, userId),
              eq(shiftSwaps.toUserId, userId),
              and(isNull(shiftSwaps.toUserId), eq(shiftSwaps.status, 'offered')),
            )
          : undefined,
        statuses ? inArray(shiftSwaps.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(shiftSwaps.createdAt), asc(shiftSwaps.id))
    .limit(100);
}

/** A live swap (offered or accepted) already naming the shift, if any. */
export async function liveSwapFor(db: DbOrTx, { clubId, shiftId }: { clubId: string; shiftId: string }) {
  const [row] = await db
    .select({ id: shiftSwaps.id })
    .from(shiftSwaps)
    .where(
      and(
        eq(shiftSwaps.clubId, clubId),
        inArray(shiftSwaps.status, ['offered', 'accepted']),
        or(eq(shiftSwaps.shiftId, shiftId), eq(shiftSwaps.otherShiftId, shiftId)),
      ),
    )
    .limit(1);
  return row;
}

/** The club's published shifts with a person that start in (now, until), for colleagues to trade for. */
export async function assignedShiftsStarting(
  db: DbOrTx,
  { clubId, now, until }: { clubId: string; now: Date; until: Date },
) {
  return db
    .select({
      id: shifts.id,
      userId: shifts.userId,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
      position: shifts.position,
    })
    .from(shifts)
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.status, 'published'),
        isNotNull(shifts.userId),
        gt(shifts.startsAt, now),
        lt(shifts.startsAt, until),
      ),
    )
    .orderBy(asc(shifts.startsAt), asc(shifts.id))
    .limit(1000);
}

/** Gives a shift to a person, if it is still theirs to give (the locked row decides a race). */
export async function reassignShift(
  db: DbOrTx,
  {
    clubId,
    shiftId,
    fromUserId,
    toUserId,
  }: { clubId: string; shiftId: string; fromUserId: string | null; toUserId: string | null },
) {
  const [row] = await db
    .update(shifts)
    .set({ userId: toUserId })
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.id, shiftId),
        fromUserId === null ? sql`${shifts.userId} is null` : eq(shifts.userId, fromUserId),
      ),
    )
    .returning();
  return row;
}

// ---- Holiday ----

/** Minutes worked per person in closed clock entries (breaks taken off), and approved leave. */
export async function holidayRows(db: DbOrTx, { clubId, userIds }: { clubId: string; userIds?: string[] }) {
  const [worked, taken] = await Promise.all([
    db
      .select({
        userId: clockEntries.userId,
        minutes: sql<string>`coalesce(sum(greatest(0, extract(epoch from (${clockEntries.clockOutAt} - ${clockEntries.clockInAt})) / 60 - ${clockEntries.breakMinutes})), 0)`,
      })
      .from(clockEntries)
      .where(
        and(
          eq(clockEntries.clubId, clubId),
          isNotNull(clockEntries.clockOutAt),
          userIds ? inArray(clockEntries.userId, userIds) : undefined,
        ),
      )
      .groupBy(clockEntries.userId),
    db
      .select({
        userId: staffAbsences.userId,
        minutes: sql<string>`coalesce(sum(${staffAbsences.leaveMinutes}), 0)`,
      })
      .from(staffAbsences)
      .where(
        and(
          eq(staffAbsences.clubId, clubId),
          eq(staffAbsences.kind, 'leave'),
          eq(staffAbsences.status, 'approved'),
          userIds ? inArray(staffAbsences.userId, userIds) : undefined,
        ),
      )
      .groupBy(staffAbsences.userId),
  ]);
  return {
    worked: new Map(worked.map((r) => [r.userId, Number(r.minutes)])),
    taken: new Map(taken.map((r) => [r.userId, Number(r.minutes)])),
  };
}

// ---- Reminders ----

/** Published shifts with a person that start in (now, until]. */
export async function shiftsStartingSoon(db: DbOrTx, { now, until }: { now: Date; until: Date }) {
  return db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.status, 'published'),
        isNotNull(shifts.userId),
        gt(shifts.startsAt, now),
        sql`${shifts.startsAt} <= ${until.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(shifts.startsAt))
    .limit(500);
}

/** Claims the reminder of a shift at its start: true only for the one caller that claimed it. */
export async function claimShiftReminder(
  db: DbOrTx,
  { clubId, shiftId, startsAt }: { clubId: string; shiftId: string; startsAt: Date },
) {
  const rows = await sqlRows<{ shift_id: string }>(
    db,
    sql`INSERT INTO ${shiftReminderSends} (club_id, shift_id, starts_at)
        VALUES (${clubId}, ${shiftId}, ${startsAt.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING shift_id`,
  );
  return rows.length > 0;
}

// ---- Pay rate per position ----

export async function positionRatesOf(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select({ position: positionPayRates.position, hourlyRatePence: positionPayRates.hourlyRatePence })
    .from(positionPayRates)
    .where(eq(positionPayRates.clubId, clubId))
    .orderBy(asc(positionPayRates.position));
}

export async function setPositionRate(
  db: DbOrTx,
  { clubId, position, hourlyRatePence }: { clubId: string; position: string; hourlyRatePence: number | null },
) {
  if (hourlyRatePence === null) {
    await db
      .delete(positionPayRates)
      .where(and(eq(positionPayRates.clubId, clubId), eq(positionPayRates.position, position)));
    return;
  }
  await db
    .insert(positionPayRates)
    .values({ clubId, position, hourlyRatePence })
    .onConflictDoUpdate({
      target: [positionPayRates.clubId, positionPayRates.position],
      set: { hourlyRatePence },
    });
}

/** A person's published shifts from `from` on, for their calendar. */
export async function publishedShiftsOf(
  db: DbOrTx,
  { clubId, userId, from }: { clubId: string; userId: string; from: Date },
) {
  return db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.userId, userId),
        eq(shifts.status, 'published'),
        gt(shifts.endsAt, from),
      ),
    )
    .orderBy(asc(shifts.startsAt))
    .limit(500);
}
