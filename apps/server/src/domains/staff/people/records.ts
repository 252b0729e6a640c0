import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { clockEntries } from '../clock/schema.ts';
import { staffAbsences } from '../leave/schema.ts';
import { shifts } from '../shifts/schema.ts';
import { staffSettings } from './schema.ts';

/**
 * A person's own work records at one club, for their copy of their data: published shifts, clock
 * entries, leave and unavailability, and their payroll number. Pay rates stay with the club's
 * admins, as everywhere else.
 */
export async function staffRecordsOf(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  const shiftRows = await db
    .select({
      id: shifts.id,
      startsAt: shifts.startsAt,
      endsAt: shifts.endsAt,
      position: shifts.position,
      breakMinutes: shifts.breakMinutes,
      notes: shifts.notes,
    })
    .from(shifts)
    .where(and(eq(shifts.clubId, clubId), eq(shifts.userId, userId), eq(shifts.status, 'published')))
    .orderBy(asc(shifts.startsAt));
  const clockRows = await db
    .select({
      id: clockEntries.id,
      shiftId: clockEntries.shiftId,
      clockInAt: clockEntries.clockInAt,
      clockOutAt: clockEntries.clockOutAt,
      breakMinutes: clockEntries.breakMinutes,
      flags: clockEntries.flags,
    })
    .from(clockEntries)
    .where(and(eq(clockEntries.clubId, clubId), eq(clockEntries.userId, userId)))
    .orderBy(asc(clockEntries.clockInAt));
  const absenceRows = await db
    .select({
      id: staffAbsences.id,
      kind: staffAbsences.kind,
      startsAt: staffAbsences.startsAt,
      endsAt: staffAbsences.endsAt,
      reason: staffAbsences.reason,
      status: staffAbsences.status,
    })
    .from(staffAbsences)
    .where(and(eq(staffAbsences.clubId, clubId), eq(staffAbsences.userId, userId)))
    .orderBy(asc(staffAbsences.startsAt));
  const [settings] = await db
    .select({ payrollNumber: staffSettings.payrollNumber })
    .from(staffSettings)
    .where(and(eq(staffSettings.clubId, clubId), eq(staffSettings.userId, userId)));
  if (shiftRows.length + clockRows.length + absenceRows.length === 0 && !settings?.payrollNumber) return null;
  return {
    clubId,
    payrollNumber: settings?.payrollNumber ?? null,
    shifts: shiftRows,
    clockEntries: clockRows,
    leave: absenceRows,
  };
}
