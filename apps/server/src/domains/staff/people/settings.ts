import { sqlState } from '../../../db/pg-errors.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { type StaffSettingValues, setStaffSettings, staffOfClub } from './queries.ts';

type Db = Pick<Services, 'db'>;

/** Changes some of a staff member's settings in the viewer's club: payroll number, clocking without the code. */
export async function changeStaffSettings(
  services: Db,
  viewer: Viewer,
  { userId, values }: { userId: string; values: StaffSettingValues },
) {
  const [person] = await staffOfClub(services.db, { clubId: viewer.clubId, userIds: [userId] });
  if (!person) throw notFound('The staff member');
  try {
    await setStaffSettings(services.db, { clubId: viewer.clubId, userId }, values);
  } catch (err) {
    if (sqlState(err) === '23505')
      throw new AppError(
        'CONFLICT',
        `Another staff member already has payroll number ${values.payrollNumber}.`,
      );
    throw err;
  }
}
