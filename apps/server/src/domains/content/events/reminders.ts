import { londonDateTime } from '@lastman/api/format';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Registries } from '../../../lib/registries.ts';
import { notifyUsers } from '../../notifications/index.ts';
import { clubOccurrences } from './event-views.ts';
import { EVENTS_KIND, occurrenceLink } from './kind.ts';
import { claimEventReminders, clubsWithSignUps } from './queries.ts';

const HOUR = 3_600_000;
/** Each reminder is due from `before` the start until the next one's window opens. */
export const EVENT_REMINDERS = [
  { reminder: '24h', before: 24 * HOUR, until: 2 * HOUR },
  { reminder: '2h', before: 2 * HOUR, until: 0 },
] as const;

export interface EventReminderPassSummary {
  due: number;
  sent: number;
}

/**
 * One pass of the event reminders; safe to run in every process at once. The dates come from
 * clubOccurrences, so a cancelled date is never reminded and a moved one is reminded at its new time.
 * Not urgent: quiet hours hold back the push (the reminder is still in the list).
 */
export async function runEventReminderPass({
  db,
  clock,
  registries,
}: {
  db: Db;
  clock: Clock;
  registries: Registries;
}): Promise<EventReminderPassSummary> {
  const now = clock.now().getTime();
  let due = 0;
  let sent = 0;
  for (const clubId of await clubsWithSignUps(db)) {
    const dates = await clubOccurrences(
      { db },
      { clubId, from: new Date(now), to: new Date(now + EVENT_REMINDERS[0].before + 1) },
    );
    for (const { event, o } of dates) {
      if (!event || !o) continue;
      const left = o.startsAt.getTime() - now;
      const r = EVENT_REMINDERS.find((x) => left <= x.before && left > x.until);
      if (!r) continue;
      due++;
      await db.transaction(async (tx) => {
        const owed = await claimEventReminders(tx, {
          clubId,
          eventId: event.id,
          key: o.key,
          reminder: r.reminder,
          startsAt: o.startsAt,
        });
        const when = londonDateTime(o.startsAt);
        await notifyUsers(
          { db: tx, clock, registries },
          {
            clubId,
            kind: EVENTS_KIND,
            title: r.reminder === '24h' ? `Coming up: ${event.title}` : `Starting soon: ${event.title}`,
            body: `You signed up for ${event.title}, ${when} (UK time)${event.place ? ` at ${event.place}` : ''}.${o.moved ? ' Note the new time.' : ''}`,
            link: occurrenceLink(o.id),
            messages: owed.map((x) => ({ userId: x.user_id })),
          },
        );
        sent += owed.length;
      });
    }
  }
  return { due, sent };
}
