import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { user } from '../../account/read-model.ts';
import { memberships } from '../../club/read-model.ts';
import { staffSettings } from './schema.ts';

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
