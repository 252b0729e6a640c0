import { and, asc, eq, gt, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import { user } from '../../account/read-model.ts';
import { shiftReminderSends, shifts, shiftTemplates } from './schema.ts';

export type ShiftRow = typeof shifts.$inferSelect;

/** The club's shifts that start in [from, to), with the staff member's name. */
export async function shiftsBetween(
  db: DbOrTx,
  {
    clubId,
    from,
    to,
    userId,
    status,
  }: { clubId: string; from: Date; to: Date; userId?: string; status?: 'published' },
) {
  return db
    .select({ shift: shifts, staffName: user.name })
    .from(shifts)
    .leftJoin(user, eq(user.id, shifts.userId))
    .where(
      and(
        eq(shifts.clubId, clubId),
        gte(shifts.startsAt, from),
        lt(shifts.startsAt, to),
        userId ? eq(shifts.userId, userId) : undefined,
        status ? eq(shifts.status, status) : undefined,
      ),
    )
    .orderBy(asc(shifts.startsAt), asc(shifts.id));
}

/** A person's shifts that end after `from` and start before `to`: the neighbours the rules look at. */
export async function personShiftsAround(
  db: DbOrTx,
  { clubId, userId, from, to }: { clubId: string; userId: string; from: Date; to: Date },
) {
  return db
    .select({
      id: shifts.id,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
      breakMinutes: shifts.breakMinutes,
    })
    .from(shifts)
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.userId, userId),
        gt(shifts.endsAt, from),
        lt(shifts.startsAt, to),
      ),
    );
}

/** The shift of the same person that overlaps [startsAt, endsAt), if any (for the 409's message). */
export async function overlappingShift(
  db: DbOrTx,
  {
    clubId,
    userId,
    startsAt,
    endsAt,
    exceptId,
  }: { clubId: string; userId: string; startsAt: Date; endsAt: Date; exceptId?: string },
) {
  const [row] = await db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.userId, userId),
        lt(shifts.startsAt, endsAt),
        gt(shifts.endsAt, startsAt),
        exceptId ? ne(shifts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function shiftById(db: DbOrTx, { clubId, shiftId }: { clubId: string; shiftId: string }) {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.clubId, clubId), eq(shifts.id, shiftId)));
  return row;
}

export async function insertShift(db: DbOrTx, values: typeof shifts.$inferInsert): Promise<ShiftRow> {
  const [row] = await db.insert(shifts).values(values).returning();
  if (!row) throw new Error('shift insert returned nothing');
  return row;
}

export async function updateShift(
  db: DbOrTx,
  {
    clubId,
    shiftId,
    values,
  }: { clubId: string; shiftId: string; values: Partial<typeof shifts.$inferInsert> },
) {
  const [row] = await db
    .update(shifts)
    .set(values)
    .where(and(eq(shifts.clubId, clubId), eq(shifts.id, shiftId)))
    .returning();
  return row;
}

export async function deleteShift(db: DbOrTx, { clubId, shiftId }: { clubId: string; shiftId: string }) {
  const rows = await db
    .delete(shifts)
    .where(and(eq(shifts.clubId, clubId), eq(shifts.id, shiftId)))
    .returning({ id: shifts.id });
  return rows.length > 0;
}

/** Publishes the week's drafts; returns the people whose rota changed. */
export async function publishDrafts(
  db: DbOrTx,
  { clubId, from, to, at }: { clubId: string; from: Date; to: Date; at: Date },
) {
  return db
    .update(shifts)
    .set({ status: 'published', publishedAt: at })
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.status, 'draft'),
        gte(shifts.startsAt, from),
        lt(shifts.startsAt, to),
      ),
    )
    .returning({ id: shifts.id, userId: shifts.userId });
}

/**
 * A staff member's published shifts that end after `from` (now: the ones not ended yet), next first:
 * their shift list and their calendar feed.
 */
export async function upcomingPublishedShifts(
  db: DbOrTx,
  { clubId, userId, from, limit }: { clubId: string; userId: string; from: Date; limit: number },
) {
  return db
    .select({ shift: shifts, staffName: user.name })
    .from(shifts)
    .leftJoin(user, eq(user.id, shifts.userId))
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.userId, userId),
        eq(shifts.status, 'published'),
        gt(shifts.endsAt, from),
      ),
    )
    .orderBy(asc(shifts.startsAt))
    .limit(limit);
}

/** Open published shifts not yet started, for staff to claim. */
export async function openShifts(db: DbOrTx, { clubId, now }: { clubId: string; now: Date }) {
  return db
    .select({ shift: shifts, staffName: sql<string | null>`null` })
    .from(shifts)
    .where(
      and(
        eq(shifts.clubId, clubId),
        sql`${shifts.userId} is null`,
        eq(shifts.status, 'published'),
        gt(shifts.startsAt, now),
      ),
    )
    .orderBy(asc(shifts.startsAt));
}

/** Claims an open shift for a person, if it is still open (one claim wins). */
export async function claimOpenShift(
  db: DbOrTx,
  { clubId, shiftId, userId }: { clubId: string; shiftId: string; userId: string },
) {
  const [row] = await db
    .update(shifts)
    .set({ userId })
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.id, shiftId),
        sql`${shifts.userId} is null`,
        eq(shifts.status, 'published'),
      ),
    )
    .returning();
  return row;
}

/** The person's shift running at `at`, or else the one starting nearest to it within two hours. */
export async function shiftNear(
  db: DbOrTx,
  { clubId, userId, at }: { clubId: string; userId: string; at: Date },
) {
  const twoHours = 2 * 3_600_000;
  const [row] = await db
    .select({ id: shifts.id, startsAt: shifts.startsAt, endsAt: shifts.endsAt })
    .from(shifts)
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.userId, userId),
        lt(shifts.startsAt, new Date(at.getTime() + twoHours)),
        gt(shifts.endsAt, new Date(at.getTime() - twoHours)),
      ),
    )
    .orderBy(asc(sql`abs(extract(epoch from (${shifts.startsAt} - ${at.toISOString()}::timestamptz)))`))
    .limit(1);
  return row;
}

/** Published, assigned shifts starting in [from, to). */
export async function publishedShiftsBetween(
  db: DbOrTx,
  { clubId, from, to, userId }: { clubId: string; from: Date; to: Date; userId?: string | undefined },
) {
  return db
    .select({
      id: shifts.id,
      userId: shifts.userId,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
      breakMinutes: shifts.breakMinutes,
      position: shifts.position,
    })
    .from(shifts)
    .where(
      and(
        eq(shifts.clubId, clubId),
        eq(shifts.status, 'published'),
        isNotNull(shifts.userId),
        userId ? eq(shifts.userId, userId) : undefined,
        gte(shifts.startsAt, from),
        lt(shifts.startsAt, to),
      ),
    )
    .orderBy(asc(shifts.startsAt));
}

// ---- Templates: a shift's name, position and London times, to add it from ----

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
