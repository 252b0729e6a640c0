// Europe/London time, the one implementation both apps use: club days, weeks and times are London's,
// the API's instants are UTC. No zod and no other import but the engine's own conversion (which the
// engine needs to read fixture lists), so the web app's first chunk can import this
// (`@lastman/api/time`). Words and numbers for people are in format.ts.

import {
  dayNumber,
  daysBetween,
  londonNumericFormat,
  londonOffsetMinutes,
  minuteOfDay,
  ukLocalToUtc,
  utcToUkLocal,
} from '@lastman/game/uk-time';

export {
  dayNumber,
  daysBetween,
  londonNumericFormat,
  londonOffsetMinutes,
  minuteOfDay,
  ukLocalToUtc,
  utcToUkLocal,
};

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** An instant as the apps hold one: a Date, epoch milliseconds, or an ISO string from the API. */
export type Instant = Date | number | string;

/** Epoch milliseconds of an instant. */
export const epochMs = (at: Instant): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/** Whether a string is a real calendar date 'YYYY-MM-DD' (no 30 February). */
export const isDate = (s: string | null | undefined): s is string => !!s && dayNumber(s) !== null;

function dayOf(date: string): number {
  const n = dayNumber(date);
  if (n === null) throw new RangeError(`not a date: ${date}`);
  return n;
}

/** The date 'YYYY-MM-DD' of a day number (days since 1970-01-01). */
export const dateOfDay = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The date `days` after a date (before, when negative); throws on a string that is not a date. */
export const addDays = (date: string, days: number): string => dateOfDay(dayOf(date) + days);

/** The weekday of a date, Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday). */
export const weekdayIndex = (date: string): number => (dayOf(date) + 3) % 7;

/** The Monday of the week (Monday to Sunday) a date falls in. */
export const mondayOf = (date: string): string => addDays(date, -weekdayIndex(date));

/** The seven dates of the week starting on a Monday. */
export const weekDates = (monday: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** Days from `from` to `to`, both included. */
export const daysInPeriod = (from: string, to: string): number => daysBetween(from, to) + 1;

/** The London date and wall-clock time of an instant: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export const toLondon = (at: Instant): { date: string; time: string } => utcToUkLocal(epochMs(at));

/** An instant as London wall-clock time with its UTC offset, as schema.org's dates want it: 2026-07-04T20:00:00+01:00. */
export function londonIsoWithOffset(at: Instant): string {
  const ms = epochMs(at);
  const { date, time } = toLondon(ms);
  const offset = londonOffsetMinutes(ms);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${date}T${time}:00${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
}

/** The London date 'YYYY-MM-DD' of an instant: the club's day. */
export const londonDay = (at: Instant): string => toLondon(at).date;

/** Today's date in London. */
export const todayInLondon = (now: Instant = Date.now()): string => londonDay(now);

/** The Monday (London date) of the week an instant falls in. */
export const londonMondayOf = (at: Instant = Date.now()): string => mondayOf(londonDay(at));

/**
 * The instant of a London date and wall-clock time 'HH:MM'. A time in the skipped spring hour is
 * read as if the clocks had not yet changed (an hour later); one in the repeated autumn hour is the
 * earlier. Throws on a date or time that is not one.
 */
export const fromLondon = (date: string, time: string): Date => new Date(ukLocalToUtc(date, time));

/** The instant London's day `date` (plus `days`) begins: a London day is 23 or 25 hours at a clock change. */
export const londonDayStart = (date: string, days = 0): Date => fromLondon(addDays(date, days), '00:00');

/** The UTC instants a London week (Monday 00:00 to the next Monday 00:00) spans. */
export const londonWeekBounds = (monday: string): { from: Date; to: Date } => ({
  from: londonDayStart(monday),
  to: londonDayStart(monday, 7),
});

/** The same London wall-clock time `days` later: 18:00 stays 18:00 across a clock change. */
export function laterByLondonDays(at: Instant, days: number): Date {
  const { date, time } = toLondon(at);
  return fromLondon(addDays(date, days), time);
}

/** Whole minutes from a to b (negative when b is earlier). */
export const minutesBetween = (a: Instant, b: Instant): number =>
  Math.round((epochMs(b) - epochMs(a)) / MINUTE_MS);

/** Hours from a to b less a break in minutes (a shift's working hours), unrounded. */
export const hoursBetween = (a: Instant, b: Instant, breakMinutes = 0): number =>
  (epochMs(b) - epochMs(a) - breakMinutes * MINUTE_MS) / HOUR_MS;

const zoneClocks = new Map<string, Intl.DateTimeFormat>();
function zoneClock(timeZone: string): Intl.DateTimeFormat {
  let clock = zoneClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneClocks.set(timeZone, clock);
  }
  return clock;
}

/** Whether the runtime knows an IANA time zone name ('Europe/London', 'America/New_York'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneClock(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes after local midnight of an instant in a time zone (a person's own, for quiet hours). */
export function minutesIntoDay(at: Instant, timeZone: string): number {
  const parts = zoneClock(timeZone).formatToParts(epochMs(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}
