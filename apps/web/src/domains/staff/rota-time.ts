import { dayNumber, ukLocalToUtc, utcToUkLocal } from '@lastman/game';

// The rota is planned in London wall-clock time; the API takes and gives UTC instants.

const DAY_MS = 86_400_000;
const isoDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The Monday (London date) of the week holding this instant. */
export function mondayOf(at: number = Date.now()): string {
  const n = dayNumber(utcToUkLocal(at).date) as number;
  return isoDay(n - ((n + 3) % 7));
}

export function addDays(date: string, days: number): string {
  return isoDay((dayNumber(date) as number) + days);
}

/** The seven London dates of the week starting on a Monday. */
export const daysOf = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

export const isDate = (s: string | null | undefined): s is string => !!s && dayNumber(s) !== null;

/** London date and time parts of an instant, for a form. */
export const londonParts = (iso: string) => utcToUkLocal(Date.parse(iso));

/**
 * The UTC instants of a shift entered as a London date, start and end time: an end at or before the
 * start is the next morning (a bar shift closing at 01:00).
 */
export function shiftInstants(
  date: string,
  start: string,
  end: string,
): { startsAt: string; endsAt: string } {
  const endDate = end <= start ? addDays(date, 1) : date;
  return {
    startsAt: new Date(ukLocalToUtc(date, start)).toISOString(),
    endsAt: new Date(ukLocalToUtc(endDate, end)).toISOString(),
  };
}

const dayLabel = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
/** "Monday 9 November" for a London date. */
export const formatDay = (date: string): string => dayLabel.format(new Date(`${date}T12:00:00Z`));

/** Hours worked in a shift, to the quarter hour: "5.5 h". */
export function hoursOf(s: { startsAt: string; endsAt: string; breakMinutes: number }): string {
  const h = (Date.parse(s.endsAt) - Date.parse(s.startsAt) - s.breakMinutes * 60_000) / 3_600_000;
  return `${Math.round(h * 4) / 4} h`;
}
