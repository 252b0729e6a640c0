import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { staffSettings } from '../people/schema.ts';
import { shifts } from '../shifts/schema.ts';
import { clockEntries, clockTills } from './schema.ts';

export type ClockEntryRow = typeof clockEntries.$inferSelect;

export async function openClockEntry(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(clockEntries)
    .where(
      and(eq(clockEntries.clubId, clubId), eq(clockEntries.userId, userId), isNull(clockEntries.clockOutAt)),
    );
  return row;
}

export async function recentClockEntries(
  db: DbOrTx,
  { clubId, userId, limit }: { clubId: string; userId: string; limit: number },
) {
  return db
    .select()
    .from(clockEntries)
    .where(and(eq(clockEntries.clubId, clubId), eq(clockEntries.userId, userId)))
    .orderBy(desc(clockEntries.clockInAt))
    .limit(limit);
}

export async function insertClockEntry(db: DbOrTx, values: typeof clockEntries.$inferInsert) {
  const [row] = await db.insert(clockEntries).values(values).returning();
  if (!row) throw new Error('clock entry insert returned nothing');
  return row;
}

export async function updateClockEntry(
  db: DbOrTx,
  {
    clubId,
    entryId,
    values,
  }: { clubId: string; entryId: string; values: Partial<typeof clockEntries.$inferInsert> },
) {
  const [row] = await db
    .update(clockEntries)
    .set(values)
    .where(and(eq(clockEntries.clubId, clubId), eq(clockEntries.id, entryId)))
    .returning();
  return row;
}

export async function canClockWithoutCode(
  db: DbOrTx,
  { clubId, userId }: { clubId: string; userId: string },
) {
  const [row] = await db
    .select({ allowed: staffSettings.clockWithoutCode })
    .from(staffSettings)
    .where(and(eq(staffSettings.clubId, clubId), eq(staffSettings.userId, userId)));
  return row?.allowed ?? false;
}

export async function insertTill(db: DbOrTx, values: { clubId: string; name: string; keyHash: string }) {
  const [row] = await db.insert(clockTills).values(values).returning();
  if (!row) throw new Error('till insert returned nothing');
  return row;
}

export async function tillByKeyHash(db: DbOrTx, { keyHash }: { keyHash: string }) {
  const [row] = await db
    .select()
    .from(clockTills)
    .where(and(eq(clockTills.keyHash, keyHash), isNull(clockTills.revokedAt)));
  return row;
}

export async function listTills(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select()
    .from(clockTills)
    .where(and(eq(clockTills.clubId, clubId), isNull(clockTills.revokedAt)))
    .orderBy(asc(clockTills.createdAt));
}

export async function revokeTill(
  db: DbOrTx,
  { clubId, tillId, at }: { clubId: string; tillId: string; at: Date },
) {
  const rows = await db
    .update(clockTills)
    .set({ revokedAt: at })
    .where(and(eq(clockTills.clubId, clubId), eq(clockTills.id, tillId), isNull(clockTills.revokedAt)))
    .returning({ id: clockTills.id });
  return rows.length > 0;
}

/**
 * Closes every clock-in left open past its shift's end plus the grace period (or, with no shift,
 * twelve hours after it began), in every club: at the shift's end, or with no time worked when
 * there was no shift, and flagged for the admin. Safe to run from several processes at once.
 */
export async function closeForgotten(db: DbOrTx, { now, graceMinutes }: { now: Date; graceMinutes: number }) {
  return db.execute(sql`
    update ${clockEntries} c
    set clock_out_at = greatest(c.clock_in_at, coalesce(s.ends_at, c.clock_in_at)),
        break_started_at = null,
        flags = array_append(c.flags, 'auto_closed')
    from ${clockEntries} c2
    left join ${shifts} s on s.id = c2.shift_id
    where c.id = c2.id
      and c.clock_out_at is null
      and (
        (s.id is not null and s.ends_at + make_interval(mins => ${graceMinutes}) < ${now.toISOString()}::timestamptz)
        or (s.id is null and c.clock_in_at + interval '12 hours' < ${now.toISOString()}::timestamptz)
      )`);
}
