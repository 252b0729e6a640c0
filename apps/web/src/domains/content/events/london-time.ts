/** London wall-clock time <-> UTC for the forms: times are entered and shown in UK time, sent as UTC. */

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** { date: 'YYYY-MM-DD', time: 'HH:MM' } in London of an instant. */
export function toLondon(iso: string): { date: string; time: string } {
  const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The UTC instant (ISO) of a London date and time; the repeated autumn hour is read as the earlier. */
export function fromLondon(date: string, time: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) throw new RangeError('not a date and time');
  for (const offsetHours of [1, 0]) {
    const guess = wall - offsetHours * 3_600_000;
    const back = toLondon(new Date(guess).toISOString());
    if (back.date === date && back.time === time) return new Date(guess).toISOString();
  }
  // The skipped spring hour: as if the clocks had not yet changed.
  return new Date(wall).toISOString();
}

/** "YYYY-MM-DD" London day of an instant: the key the events list groups by. */
export const londonDay = (iso: string) => toLondon(iso).date;

export const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
/** The RRULE weekday of a London date ('2026-11-26' -> 'TH'). */
export const weekdayOf = (date: string) => RRULE_DAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? 'MO';
