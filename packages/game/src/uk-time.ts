const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// Made on first use: creating a formatter for a time zone loads the zone's data, which took 50 ms
// of a slowed-down phone's first page wherever this module was merely imported. Its parts give the
// wall clock here; its text ("05/12/2026, 18:00:00") is the apps' numeric London time (format.ts).
let londonParts: Intl.DateTimeFormat | undefined;
export const londonNumericFormat = () =>
  (londonParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function intlWallClock(utcMs: number): WallClock {
  const clock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of londonNumericFormat().formatToParts(utcMs)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

const HOUR_MS = 60 * MINUTE_MS;
// London's clocks change on the hour (01:00 UTC), so the offset is one value per UTC hour: asked of
// Intl once per hour, as formatToParts is slow and every fixture of every request needs it.
const offsetByHour = new Map<number, number>();

/** Minutes that Europe/London is ahead of UTC at the instant (0 in GMT, 60 in BST). */
export function londonOffsetMinutes(utcMs: number): number {
  const hour = Math.floor(utcMs / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const c = intlWallClock(start);
    offset = Math.round(
      (Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - start) / MINUTE_MS,
    );
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

function londonWallClock(utcMs: number): WallClock {
  const wall = new Date(utcMs + londonOffsetMinutes(utcMs) * MINUTE_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

/** Day number (days since 1970-01-01) of a valid 'YYYY-MM-DD' date, or null. */
export function dayNumber(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return ms / DAY_MS;
}

/** Minutes after midnight of a valid 'HH:MM' 24-hour time, or null. */
export function minuteOfDay(time: string): number | null {
  const m = TIME_RE.exec(time);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  return hour * 60 + minute;
}

/**
 * The UTC instant of a UK wall-clock time. A time that does not exist (the skipped hour in
 * March) is read as if the clocks had not yet changed, landing an hour later; a time that
 * occurs twice (the repeated hour in October) is the earlier one, as with Temporal's
 * 'compatible' disambiguation.
 */
export function ukLocalToUtc(date: string, time: string): number {
  const day = dayNumber(date);
  const minutes = minuteOfDay(time);
  if (day === null) throw new RangeError(`invalid date "${date}"`);
  if (minutes === null) throw new RangeError(`invalid time "${time}"`);
  const wall = day * DAY_MS + minutes * MINUTE_MS;
  const offsetBefore = londonOffsetMinutes(wall - DAY_MS);
  const offsetAfter = londonOffsetMinutes(wall + DAY_MS);
  const early = wall - Math.max(offsetBefore, offsetAfter) * MINUTE_MS;
  const late = wall - Math.min(offsetBefore, offsetAfter) * MINUTE_MS;
  for (const candidate of [early, late]) {
    if (candidate + londonOffsetMinutes(candidate) * MINUTE_MS === wall) return candidate;
  }
  return wall - offsetBefore * MINUTE_MS;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The UK calendar date and time of an instant: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function utcToUkLocal(utcMs: number): { date: string; time: string } {
  const c = londonWallClock(utcMs);
  return {
    date: `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`,
    time: `${pad(c.hour)}:${pad(c.minute)}`,
  };
}

/** Whole days from date a to date b (both 'YYYY-MM-DD'); throws on an invalid date. */
export function daysBetween(a: string, b: string): number {
  const da = dayNumber(a);
  const db = dayNumber(b);
  if (da === null || db === null) throw new RangeError(`invalid date "${da === null ? a : b}"`);
  return db - da;
}
