import type { HolidayBalance } from '@lastman/api';
import type { DbOrTx } from '../../../db/client.ts';
import type { Viewer } from '../../../http/guards.ts';
import type { Services } from '../../../services.ts';
import { staffOfClub } from '../people/queries.ts';
import { holidayRows } from './queries.ts';

/**
 * Holiday for hourly staff under the UK rule for irregular hours: 12.07% of the hours worked (the
 * closed clock entries, breaks taken off) accrues; approved leave draws on it. Computed from the rows
 * every time, so a corrected clock entry corrects the balance.
 */
export const ACCRUAL_RATE = 0.1207;

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** One person's holiday balance in minutes (accrued less approved leave), as the balances count it. */
export async function balanceMinutesOf(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  const rows = await holidayRows(db, { clubId, userIds: [userId] });
  return (rows.worked.get(userId) ?? 0) * ACCRUAL_RATE - (rows.taken.get(userId) ?? 0);
}

async function balances(services: Pick<Services, 'db'>, clubId: string, userIds?: string[]) {
  const [staff, rows] = await Promise.all([
    staffOfClub(services.db, { clubId, userIds }),
    holidayRows(services.db, { clubId, userIds }),
  ]);
  return staff.map((s): HolidayBalance => {
    const worked = rows.worked.get(s.userId) ?? 0;
    const accrued = worked * ACCRUAL_RATE;
    const taken = rows.taken.get(s.userId) ?? 0;
    return {
      userId: s.userId,
      name: s.name,
      hoursWorked: hours(worked),
      accruedHours: hours(accrued),
      takenHours: hours(taken),
      balanceHours: hours(accrued - taken),
    };
  });
}

export async function myHoliday(services: Pick<Services, 'db'>, viewer: Viewer) {
  const [mine] = await balances(services, viewer.clubId, [viewer.userId]);
  return (
    mine ?? {
      userId: viewer.userId,
      name: viewer.name,
      hoursWorked: 0,
      accruedHours: 0,
      takenHours: 0,
      balanceHours: 0,
    }
  );
}

export async function clubHoliday(services: Pick<Services, 'db'>, viewer: Viewer) {
  return { balances: await balances(services, viewer.clubId) };
}
