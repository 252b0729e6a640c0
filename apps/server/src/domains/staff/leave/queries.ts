import { and, asc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { user } from '../../account/read-model.ts';
import { clockEntries } from '../clock/schema.ts';
import { staffAbsences } from './schema.ts';

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
