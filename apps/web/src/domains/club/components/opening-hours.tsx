import type { OpeningHours as Week } from '@lastman/api';
import { WEEKDAYS, type Weekday } from '@lastman/api/club/rules';
import { londonWeekday as weekdayName } from '@lastman/api/format';

export const dayName = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/** Today's weekday in London, where the club is. */
export function londonWeekday(now: Date): Weekday {
  return weekdayName(now).toLowerCase() as Weekday;
}

/** The week's hours, today marked. */
export function OpeningHours({ week, now }: { week: Week; now: Date }) {
  const today = londonWeekday(now);
  return (
    <table className="hours-table">
      <caption className="visually-hidden">Opening hours</caption>
      <tbody>
        {WEEKDAYS.map((day) => {
          const times = week[day];
          return (
            <tr key={day} className={day === today ? 'hours-table__today' : undefined}>
              <th scope="row">
                {dayName(day)}
                {day === today ? <span className="visually-hidden"> (today)</span> : null}
              </th>
              <td>{times ? `${times.open} – ${times.close}` : 'Closed'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
