import { londonDayWords } from '@lastman/api/format';
import { utcToUkLocal } from '@lastman/api/time';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Registries } from '../../../lib/registries.ts';
import { notifyUsers } from '../../notifications/index.ts';
import { claimShiftReminder, shiftsStartingSoon } from './queries.ts';

/** Staff hear of each published shift this long before it starts. */
export const SHIFT_REMINDER_BEFORE_MS = 2 * 3_600_000;

/**
 * One pass of the shift reminders; safe in every process at once: each reminder is claimed by a row
 * (shift, start) before it is sent, so it goes once, and again only if the shift moves.
 */
export async function runShiftReminderPass({
  db,
  clock,
  registries,
}: {
  db: Db;
  clock: Clock;
  registries: Registries;
}) {
  const now = clock.now();
  const soon = await shiftsStartingSoon(db, {
    now,
    until: new Date(now.getTime() + SHIFT_REMINDER_BEFORE_MS),
  });
  let sent = 0;
  for (const s of soon) {
    if (!s.userId) continue;
    const userId = s.userId;
    await db.transaction(async (tx) => {
      if (!(await claimShiftReminder(tx, { clubId: s.clubId, shiftId: s.id, startsAt: s.startsAt }))) return;
      const start = utcToUkLocal(s.startsAt.getTime());
      const end = utcToUkLocal(s.endsAt.getTime());
      await notifyUsers(
        { db: tx, clock, registries },
        {
          clubId: s.clubId,
          kind: 'rota',
          title: `Your shift starts at ${start.time}`,
          body: `${s.position}, ${londonDayWords(s.startsAt)}, ${start.time} to ${end.time} (London time).${s.notes ? ` ${s.notes}` : ''}`,
          link: '/staffschedules?view=mine',
          messages: [{ userId }],
        },
      );
      sent++;
    });
  }
  return { due: soon.length, sent };
}
