import type { ClockEntryCorrection, TimesheetEntry, TimesheetPersonWeek } from '@lastman/api';
import { formatDay, formatMinutes, formatShortDay, londonDateTime, londonTime } from '@lastman/api/format';
import type { ReactNode } from 'react';

export const FLAG_TEXT: Record<string, string> = {
  no_shift_near: 'no shift near this time',
  auto_closed: 'closed automatically: clock-out forgotten',
  without_code: 'without the till code',
  open: 'still clocked in',
  corrected: 'corrected by an admin',
};

/** The days of a person's week with anything on them, as a small table. */
export function DaysTable({ person, caption }: { person: TimesheetPersonWeek; caption: string }) {
  const days = person.days.filter((d) => d.scheduledMinutes || d.workedMinutes || d.flags.length);
  if (days.length === 0) return <p className="muted">No shifts and no time clocked this week.</p>;
  return (
    <div className="timesheet-table-wrap">
      <table className="timesheet-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Rota</th>
            <th scope="col">Worked</th>
            <th scope="col">Late</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row" title={formatDay(d.date)}>
                {formatShortDay(d.date)}
              </th>
              <td>{formatMinutes(d.scheduledMinutes)}</td>
              <td>{formatMinutes(d.workedMinutes)}</td>
              <td>{d.lateMinutes ? formatMinutes(d.lateMinutes) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function valuesText(v: ClockEntryCorrection['after']): string {
  return `${londonDateTime(v.clockInAt)}–${v.clockOutAt ? londonTime(v.clockOutAt) : 'open'}, ${v.breakMinutes} min break`;
}

/** The history of a clock entry's corrections, oldest first. */
export function CorrectionHistory({ corrections }: { corrections: ClockEntryCorrection[] }) {
  if (corrections.length === 0) return null;
  return (
    <ul className="timesheet-history" aria-label="Changes to this entry">
      {corrections.map((c) => (
        <li key={c.id}>
          {c.before ? 'Corrected' : 'Added'} by {c.byName ?? 'a former admin'} on {londonDateTime(c.at)}:{' '}
          {c.before ? (
            <>
              was {valuesText(c.before)}; now {valuesText(c.after)}.
            </>
          ) : (
            <>{valuesText(c.after)}.</>
          )}{' '}
          Reason: “{c.reason}”
        </li>
      ))}
    </ul>
  );
}

/** One clock entry: times, break, lateness, flags, its history, and any action beside it. */
export function EntryLine({ entry, children }: { entry: TimesheetEntry; children?: ReactNode }) {
  const flags = entry.flags.map((f) => FLAG_TEXT[f] ?? f);
  return (
    <div className="rota-shift" data-testid="timesheet-entry">
      <div className="rota-shift__main">
        <div className="rota-shift__time">
          {formatShortDay(entry.date)}: {londonTime(entry.clockInAt)}–
          {entry.clockOutAt ? londonTime(entry.clockOutAt) : 'still clocked in'}
        </div>
        <div className="rota-shift__meta">
          {entry.workedMinutes === null
            ? 'not counted until clocked out'
            : `${formatMinutes(entry.workedMinutes)} worked`}
          {entry.breakMinutes ? `, ${entry.breakMinutes} min break` : ', no break'}
          {entry.lateMinutes ? `, ${formatMinutes(entry.lateMinutes)} late` : ''}
          {flags.length ? ` · ${flags.join(', ')}` : ''}
        </div>
        <CorrectionHistory corrections={entry.corrections} />
      </div>
      {children}
    </div>
  );
}
