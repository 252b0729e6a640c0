import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { user } from '../../account/read-model.ts';
import { clockEntries } from '../clock/schema.ts';
import { paidPosition } from '../pay/rates.ts';
import { shifts } from '../shifts/schema.ts';
import { type ClockEntryValues, clockEntryCorrections, timesheetApprovals } from './schema.ts';

interface Range {
  clubId: string;
  from: Date;
  to: Date;
  userId?: string | undefined;
}

/**
 * Clock entries begun in [from, to), with the start of the shift each was matched to and the
 * position each is paid as.
 */
export async function clockEntriesBetween(db: DbOrTx, { clubId, from, to, userId }: Range) {
  return db
    .select({
      id: clockEntries.id,
      userId: clockEntries.userId,
      shiftId: clockEntries.shiftId,
      clockInAt: clockEntries.clockInAt,
      clockOutAt: clockEntries.clockOutAt,
      breakMinutes: clockEntries.breakMinutes,
      flags: clockEntries.flags,
      shiftStartsAt: shifts.startsAt,
      position: paidPosition,
    })
    .from(clockEntries)
    .leftJoin(shifts, eq(shifts.id, clockEntries.shiftId))
    .where(
      and(
        eq(clockEntries.clubId, clubId),
        userId ? eq(clockEntries.userId, userId) : undefined,
        gte(clockEntries.clockInAt, from),
        lt(clockEntries.clockInAt, to),
      ),
    )
    .orderBy(asc(clockEntries.clockInAt));
}

export type TimesheetEntryRow = Awaited<ReturnType<typeof clockEntriesBetween>>[number];

export async function approvalsBetween(
  db: DbOrTx,
  { clubId, fromWeek, toWeek, userId }: { clubId: string; fromWeek: string; toWeek: string; userId?: string },
) {
  return db
    .select({
      userId: timesheetApprovals.userId,
      weekStart: timesheetApprovals.weekStart,
      approvedAt: timesheetApprovals.approvedAt,
      byName: user.name,
    })
    .from(timesheetApprovals)
    .leftJoin(user, eq(user.id, timesheetApprovals.approvedBy))
    .where(
      and(
        eq(timesheetApprovals.clubId, clubId),
        userId ? eq(timesheetApprovals.userId, userId) : undefined,
        gte(timesheetApprovals.weekStart, fromWeek),
        lte(timesheetApprovals.weekStart, toWeek),
      ),
    );
}

export async function correctionsOf(
  db: DbOrTx,
  { clubId, entryIds }: { clubId: string; entryIds: string[] },
) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      id: clockEntryCorrections.id,
      entryId: clockEntryCorrections.entryId,
      byUserId: clockEntryCorrections.correctedBy,
      byName: user.name,
      at: clockEntryCorrections.correctedAt,
      reason: clockEntryCorrections.reason,
      before: clockEntryCorrections.before,
      after: clockEntryCorrections.after,
    })
    .from(clockEntryCorrections)
    .leftJoin(user, eq(user.id, clockEntryCorrections.correctedBy))
    .where(and(eq(clockEntryCorrections.clubId, clubId), inArray(clockEntryCorrections.entryId, entryIds)))
    .orderBy(asc(clockEntryCorrections.correctedAt), asc(clockEntryCorrections.id));
}

/** Serialises approving and changing one person's week (both take this lock first). */
export async function lockPersonWeek(
  db: DbOrTx,
  { clubId, userId, weekStart }: { clubId: string; userId: string; weekStart: string },
) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`timesheet:${clubId}:${userId}:${weekStart}`}))`,
  );
}

export async function isWeekApproved(
  db: DbOrTx,
  { clubId, userId, weekStart }: { clubId: string; userId: string; weekStart: string },
) {
  const rows = await db
    .select({ id: timesheetApprovals.id })
    .from(timesheetApprovals)
    .where(
      and(
        eq(timesheetApprovals.clubId, clubId),
        eq(timesheetApprovals.userId, userId),
        eq(timesheetApprovals.weekStart, weekStart),
      ),
    );
  return rows.length > 0;
}

export async function insertApproval(db: DbOrTx, values: typeof timesheetApprovals.$inferInsert) {
  const rows = await db
    .insert(timesheetApprovals)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: timesheetApprovals.id });
  return rows.length > 0;
}

export async function deleteApproval(
  db: DbOrTx,
  { clubId, userId, weekStart }: { clubId: string; userId: string; weekStart: string },
) {
  const rows = await db
    .delete(timesheetApprovals)
    .where(
      and(
        eq(timesheetApprovals.clubId, clubId),
        eq(timesheetApprovals.userId, userId),
        eq(timesheetApprovals.weekStart, weekStart),
      ),
    )
    .returning({ id: timesheetApprovals.id });
  return rows.length > 0;
}

/** A person's entry still open and begun in [from, to) (a week cannot be approved under it). */
export async function openEntryBetween(
  db: DbOrTx,
  { clubId, userId, from, to }: { clubId: string; userId: string; from: Date; to: Date },
) {
  const [row] = await db
    .select({ id: clockEntries.id, clockInAt: clockEntries.clockInAt })
    .from(clockEntries)
    .where(
      and(
        eq(clockEntries.clubId, clubId),
        eq(clockEntries.userId, userId),
        isNull(clockEntries.clockOutAt),
        gte(clockEntries.clockInAt, from),
        lt(clockEntries.clockInAt, to),
      ),
    );
  return row;
}

export async function clockEntryForUpdate(
  db: DbOrTx,
  { clubId, entryId }: { clubId: string; entryId: string },
) {
  const [row] = await db
    .select()
    .from(clockEntries)
    .where(and(eq(clockEntries.clubId, clubId), eq(clockEntries.id, entryId)))
    .for('update');
  return row;
}

/** Another entry of the person overlapping [from, to) (an open one runs on without end). */
export async function overlappingEntry(
  db: DbOrTx,
  {
    clubId,
    userId,
    from,
    to,
    exceptId,
  }: { clubId: string; userId: string; from: Date; to: Date; exceptId?: string },
) {
  const [row] = await db
    .select({ id: clockEntries.id, clockInAt: clockEntries.clockInAt, clockOutAt: clockEntries.clockOutAt })
    .from(clockEntries)
    .where(
      and(
        eq(clockEntries.clubId, clubId),
        eq(clockEntries.userId, userId),
        exceptId ? ne(clockEntries.id, exceptId) : undefined,
        lt(clockEntries.clockInAt, to),
        or(isNull(clockEntries.clockOutAt), gt(clockEntries.clockOutAt, from)),
      ),
    )
    .limit(1);
  return row;
}

export async function insertCorrection(
  db: DbOrTx,
  values: {
    clubId: string;
    entryId: string;
    correctedBy: string;
    correctedAt: Date;
    reason: string;
    before: ClockEntryValues | null;
    after: ClockEntryValues;
  },
) {
  await db.insert(clockEntryCorrections).values(values);
}
