import { dayNumber, ukLocalToUtc, utcToUkLocal } from '@lastman/game';

// Club days are London days: a report "for 29 March" runs from London midnight to London midnight,
// 23 or 25 hours on the days the clocks change.

/** The date (YYYY-MM-DD) `days` after a date. */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) throw new Error(`not a date: ${date}`);
  return new Date((n + days) * 86_400_000).toISOString().slice(0, 10);
}

/** The instant London's day `date` (plus `days`) begins. */
export function londonDayStart(date: string, days = 0): Date {
  return new Date(ukLocalToUtc(addDays(date, days), '00:00'));
}

/** The London date of an instant. */
export function londonDate(at: Date): string {
  return utcToUkLocal(at.getTime()).date;
}

/** The Monday (London date) of the week a London date falls in. */
export function mondayOf(date: string): string {
  const n = dayNumber(date) as number;
  // 1970-01-01 was a Thursday: day n's weekday, Monday = 0.
  return addDays(date, -((n + 3) % 7));
}

/** Days from `from` to `to`, both included. */
export function daysInPeriod(from: string, to: string): number {
  return (dayNumber(to) as number) - (dayNumber(from) as number) + 1;
}

const dayWords = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** "Saturday 5 December": a London day in words, for messages people read (never "2026-12-05"). */
export function londonDayWords(at: Date): string {
  return dayWords.format(at);
}

/** "Saturday 5 December, 18:00" in London time. */
export function londonWhenWords(at: Date): string {
  return `${londonDayWords(at)}, ${utcToUkLocal(at.getTime()).time}`;
}
