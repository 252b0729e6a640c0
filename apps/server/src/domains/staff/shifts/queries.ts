import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memberships, shifts, staffSettings, user } from '../../../db/schema/index.ts';

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

/** The club's staff and admins (the people a shift can be for), with their date of birth and rate. */
export async function staffOfClub(db: DbOrTx, { clubId, userIds }: { clubId: string; userIds?: string[] }) {
  return db
    .select({
      userId: user.id,
      name: user.name,
      role: memberships.role,
      dateOfBirth: user.dateOfBirth,
      payrollNumber: staffSettings.payrollNumber,
    })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .leftJoin(staffSettings, and(eq(staffSettings.userId, user.id), eq(staffSettings.clubId, clubId)))
    .where(
      and(
        eq(memberships.clubId, clubId),
        inArray(memberships.role, ['staff', 'admin']),
        eq(user.isAnonymous, false),
        userIds ? inArray(user.id, userIds) : undefined,
      ),
    )
    .orderBy(asc(user.name));
}

export type StaffSettingValues = Partial<
  Pick<typeof staffSettings.$inferInsert, 'payrollNumber' | 'clockWithoutCode'>
>;

/**
 * Changes some of a person's settings in the club, keeping the others. A payroll number another
 * person of the club has is a unique violation.
 */
export async function setStaffSettings(
  db: DbOrTx,
  { clubId, userId }: { clubId: string; userId: string },
  values: StaffSettingValues,
) {
  await db
    .insert(staffSettings)
    .values({ clubId, userId, ...values })
    .onConflictDoUpdate({ target: [staffSettings.clubId, staffSettings.userId], set: values });
}

/** A staff member's published shifts that have not ended yet, next first. */
export async function upcomingPublishedShifts(
  db: DbOrTx,
  { clubId, userId, now, limit }: { clubId: string; userId: string; now: Date; limit: number },
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
        gt(shifts.endsAt, now),
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
