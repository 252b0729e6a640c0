import { ukLocalToUtc, utcToUkLocal } from '@lastman/api/time';
import * as rruleModule from 'rrule';
import { AppError } from '../../../lib/errors.ts';

// rrule ships CommonJS for Node and ESM for bundlers; under Node its named exports sit on `default`.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;
type RRuleOptions = ConstructorParameters<typeof RRule>[0];

/**
 * The one place dates of events are computed: the events list, the event page, sign-ups, the admin's
 * exceptions screen and the calendar feeds all expand a series here, so they always agree.
 *
 * A series is expanded in London wall-clock time ("every Thursday at 20:00" stays 20:00 when the
 * clocks change), as a calendar app does with DTSTART;TZID=Europe/London, then turned back into UTC.
 */

export const LONDON = 'Europe/London';
const DAY_MS = 86_400_000;

export interface EventForExpansion {
  id: string;
  startsAt: Date;
  endsAt: Date;
  recurrence: string | null;
  cancelled: boolean;
  exceptions: readonly {
    originalStartsAt: Date;
    cancelled: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
  }[];
}

export interface Occurrence {
  /** `<event id>` for a single event, `<event id>_<key>` for a date of a series. */
  id: string;
  eventId: string;
  /** '' for a single event; the original start as yyyymmddThhmmssZ in a series. */
  key: string;
  startsAt: Date;
  endsAt: Date;
  /** The start the series gives this date (its RECURRENCE-ID). */
  originalStartsAt: Date;
  moved: boolean;
  cancelled: boolean;
}

/** 2026-11-26T20:00:00Z -> "20261126T200000Z": the RFC 5545 UTC form, used in occurrence ids. */
export function occurrenceKey(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export function keyToDate(key: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(key);
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Splits an occurrence id into the event's id and the date's key ('' for a single event). */
export function parseOccurrenceId(id: string): { eventId: string; key: string } {
  const at = id.indexOf('_');
  return at < 0 ? { eventId: id, key: '' } : { eventId: id.slice(0, at), key: id.slice(at + 1) };
}

const ALLOWED_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
]);
const ALLOWED_FREQ = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);

/** The rule in its canonical "RRULE:..." form, or a 400 that says what is wrong with it. */
export function normaliseRecurrence(input: string): string {
  const body = input.replace(/^RRULE:/, '');
  const parts = body.split(';');
  const seen = new Set<string>();
  for (const part of parts) {
    const [name = '', value = ''] = part.split('=');
    if (!ALLOWED_PARTS.has(name)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The recurrence rule's ${name} is not supported here; use FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS or WKST.`,
      );
    }
    if (seen.has(name)) throw new AppError('VALIDATION_FAILED', `The recurrence rule gives ${name} twice.`);
    seen.add(name);
    if (name === 'FREQ' && !ALLOWED_FREQ.has(value)) {
      throw new AppError('VALIDATION_FAILED', 'An event repeats DAILY, WEEKLY, MONTHLY or YEARLY.');
    }
  }
  if (seen.has('COUNT') && seen.has('UNTIL')) {
    throw new AppError('VALIDATION_FAILED', 'A recurrence rule gives COUNT or UNTIL, not both.');
  }
  try {
    const options = RRule.parseString(body);
    if (options.interval !== undefined && (options.interval < 1 || options.interval > 365))
      throw new Error('interval');
    if (options.count !== undefined && options.count !== null && (options.count < 1 || options.count > 1000))
      throw new Error('count');
    new RRule({ ...options, dtstart: new Date(Date.UTC(2026, 0, 1)) }).all((_d, i) => i < 2);
  } catch {
    throw new AppError(
      'VALIDATION_FAILED',
      'The recurrence rule is not a valid RFC 5545 RRULE, e.g. RRULE:FREQ=WEEKLY;BYDAY=TH.',
    );
  }
  return `RRULE:${body}`;
}

/** London wall-clock time of an instant, written as if it were UTC (rrule's "floating" dates). */
function toWall(d: Date): Date {
  const { date, time } = utcToUkLocal(d.getTime());
  return new Date(`${date}T${time}:00Z`);
}

/** The real instant of a floating London wall-clock date. */
function fromWall(wall: Date): Date {
  const iso = wall.toISOString();
  return new Date(ukLocalToUtc(iso.slice(0, 10), iso.slice(11, 16)));
}

function ruleOf(event: EventForExpansion) {
  const options: Partial<RRuleOptions> = RRule.parseString((event.recurrence ?? '').replace(/^RRULE:/, ''));
  return new RRule({
    ...options,
    dtstart: toWall(event.startsAt),
    ...(options.until && { until: toWall(options.until) }),
  });
}

/** The original starts of a series' dates that begin within [from, to) (UTC), in order. */
function seriesStarts(event: EventForExpansion, from: Date, to: Date): Date[] {
  const rule = ruleOf(event);
  // A day's margin each side: the wall-clock shift is at most an hour.
  const walls = rule.between(new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), true);
  return walls.map(fromWall).filter((d) => d >= from && d < to);
}

/** Whether the series gives a date starting exactly at `start`. */
export function isSeriesDate(event: EventForExpansion, start: Date): boolean {
  if (!event.recurrence) return start.getTime() === event.startsAt.getTime();
  return seriesStarts(event, start, new Date(start.getTime() + 1)).length === 1;
}

/**
 * The dates of an event that overlap [from, to), each with its stable id, moved dates at their new
 * time and cancelled dates flagged (callers showing a calendar leave those out). A cancelled event
 * has none.
 */
export function expandEvent(event: EventForExpansion, range: { from: Date; to: Date }): Occurrence[] {
  if (event.cancelled) return [];
  const duration = event.endsAt.getTime() - event.startsAt.getTime();
  const overlaps = (s: Date, e: Date) => s < range.to && e > range.from;
  if (!event.recurrence) {
    if (!overlaps(event.startsAt, event.endsAt)) return [];
    return [
      {
        id: event.id,
        eventId: event.id,
        key: '',
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        originalStartsAt: event.startsAt,
        moved: false,
        cancelled: false,
      },
    ];
  }
  const byOriginal = new Map(event.exceptions.map((x) => [x.originalStartsAt.getTime(), x]));
  const out: Occurrence[] = [];
  const starts = seriesStarts(event, new Date(range.from.getTime() - duration), range.to);
  const listed = new Set<number>();
  const add = (original: Date) => {
    listed.add(original.getTime());
    const x = byOriginal.get(original.getTime());
    const moved = !!x && !x.cancelled && x.startsAt !== null && x.endsAt !== null;
    const startsAt = moved && x.startsAt ? x.startsAt : original;
    const endsAt = moved && x.endsAt ? x.endsAt : new Date(original.getTime() + duration);
    if (!overlaps(startsAt, endsAt)) return;
    const key = occurrenceKey(original);
    out.push({
      id: `${event.id}_${key}`,
      eventId: event.id,
      key,
      startsAt,
      endsAt,
      originalStartsAt: original,
      moved,
      cancelled: !!x?.cancelled,
    });
  };
  for (const start of starts) add(start);
  // A date moved into the range from outside it.
  for (const x of event.exceptions) {
    if (x.cancelled || !x.startsAt || !x.endsAt || listed.has(x.originalStartsAt.getTime())) continue;
    if (overlaps(x.startsAt, x.endsAt) && isSeriesDate(event, x.originalStartsAt)) add(x.originalStartsAt);
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The one date an occurrence id names, if the event gives it (cancelled dates included, flagged). */
export function findOccurrence(event: EventForExpansion, key: string): Occurrence | null {
  if (event.cancelled) return null;
  if (!event.recurrence) {
    return key === '' ? (expandEvent(event, { from: event.startsAt, to: event.endsAt })[0] ?? null) : null;
  }
  const original = keyToDate(key);
  if (!original || !isSeriesDate(event, original)) return null;
  const x = event.exceptions.find((e) => e.originalStartsAt.getTime() === original.getTime());
  const duration = event.endsAt.getTime() - event.startsAt.getTime();
  const moved = !!x && !x.cancelled && !!x.startsAt && !!x.endsAt;
  return {
    id: `${event.id}_${key}`,
    eventId: event.id,
    key,
    startsAt: moved && x?.startsAt ? x.startsAt : original,
    endsAt: moved && x?.endsAt ? x.endsAt : new Date(original.getTime() + duration),
    originalStartsAt: original,
    moved,
    cancelled: !!x?.cancelled,
  };
}

/** The parts of a rule that ical-generator writes itself (so EXDATE can go beside it). */
export function ruleParts(recurrence: string): Record<string, string> {
  return Object.fromEntries(
    recurrence
      .replace(/^RRULE:/, '')
      .split(';')
      .map((p) => p.split('=') as [string, string]),
  );
}
