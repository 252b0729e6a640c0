import type { OpeningDay } from '@lastman/api';
import type { Weekday } from '@lastman/api/rules';

export const dayName = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/** Today's weekday in London, where the club is. */
export function londonWeekday(now: Date): Weekday {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' })
    .format(now)
    .toLowerCase() as Weekday;
}

/** The week's hours, today marked. */
export function OpeningHours({ week, now }: { week: OpeningDay[]; now: Date }) {
  const today = londonWeekday(now);
  return (
    <table className="hours-table">
      <caption className="visually-hidden">Opening hours</caption>
      <tbody>
        {week.map((d) => (
          <tr key={d.day} className={d.day === today ? 'hours-table__today' : undefined}>
            <th scope="row">
              {dayName(d.day)}
              {d.day === today ? <span className="visually-hidden"> (today)</span> : null}
            </th>
            <td>{d.open === null ? 'Closed' : `${d.open} – ${d.close}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
