import { TZDate } from '@date-fns/tz';
import ical, {
  escape as escapeText,
  type ICalCalendar,
  type ICalEventRepeatingFreq,
  type ICalWeekday,
} from 'ical-generator';
import { LONDON, type Occurrence, ruleParts } from './occurrences.ts';
import type { EventWithExceptions } from './queries.ts';

/**
 * Europe/London as RFC 5545 wants it beside TZID references: GMT in winter, BST from the last Sunday
 * of March to the last Sunday of October (the rule in force since 1996).
 */
function londonVtimezone(): string {
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${LONDON}`,
    'X-LIC-LOCATION:Europe/London',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0000',
    'TZOFFSETTO:+0100',
    'TZNAME:BST',
    'DTSTART:19700329T010000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0000',
    'TZNAME:GMT',
    'DTSTART:19701025T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/**
 * A calendar named `name` (a club's name). ical-generator escapes and folds each event's text, but
 * writes the calendar's NAME and X-WR-CALNAME as given: escaped here as RFC 5545 §3.3.11 says (a
 * line break in a stored name would otherwise start a property of its author's choosing). It folds
 * every line at 75 octets (§3.1) itself.
 */
export function newCalendar(name: string, url?: string): ICalCalendar {
  const cal = ical({
    name: escapeText(name, false),
    prodId: { company: 'Lastman', product: 'Club events', language: 'EN' },
    ...(url && { url }),
  });
  cal.timezone({ name: LONDON, generator: () => londonVtimezone() });
  return cal;
}

/**
 * A time as London's wall clock, for a DTSTART;TZID=Europe/London line: ical-generator writes a plain
 * Date in the server process's own time zone, an hour off all summer on a UTC server.
 */
const london = (d: Date) => new TZDate(d.getTime(), LONDON);

const list = (v: string | undefined) => (v ? v.split(',') : undefined);
const numbers = (v: string | undefined) => list(v)?.map(Number);

/** The iCalendar UID of an event (one per series, so its overrides match it). */
const uidOf = (eventId: string, host: string) => `${eventId}@${host}`;

/**
 * A whole event into the calendar: a single VEVENT, or a series as one VEVENT with its RRULE and
 * EXDATEs for the cancelled dates, plus one VEVENT with RECURRENCE-ID for each moved date.
 */
export function addEvent(cal: ICalCalendar, e: EventWithExceptions, opts: { host: string; url: string }) {
  const base = {
    summary: e.title,
    description: e.description || undefined,
    location: e.place || undefined,
    url: opts.url,
    timezone: LONDON,
  };
  const uid = uidOf(e.id, opts.host);
  if (!e.recurrence) {
    cal.createEvent({ ...base, id: uid, start: london(e.startsAt), end: london(e.endsAt) });
    return;
  }
  const p = ruleParts(e.recurrence);
  const cancelled = e.exceptions.filter((x) => x.cancelled).map((x) => x.originalStartsAt);
  const moved = e.exceptions.filter((x) => !x.cancelled && x.startsAt && x.endsAt);
  cal.createEvent({
    ...base,
    id: uid,
    start: london(e.startsAt),
    end: london(e.endsAt),
    repeating: {
      freq: p.FREQ as ICalEventRepeatingFreq,
      ...(p.INTERVAL && { interval: Number(p.INTERVAL) }),
      ...(p.COUNT && { count: Number(p.COUNT) }),
      ...(p.UNTIL && { until: parseUntil(p.UNTIL) }),
      ...(p.BYDAY && { byDay: list(p.BYDAY) as ICalWeekday[] }),
      ...(p.BYMONTHDAY && { byMonthDay: numbers(p.BYMONTHDAY) }),
      ...(p.BYMONTH && { byMonth: numbers(p.BYMONTH) }),
      ...(p.BYSETPOS && { bySetPos: numbers(p.BYSETPOS) }),
      ...(p.WKST && { startOfWeek: p.WKST as ICalWeekday }),
      ...(cancelled.length > 0 && { exclude: cancelled.map(london), excludeTimezone: LONDON }),
    },
  });
  for (const x of moved) {
    cal.createEvent({
      ...base,
      id: uid,
      start: london(x.startsAt as Date),
      end: london(x.endsAt as Date),
      recurrenceId: london(x.originalStartsAt),
    });
  }
}

/** One date of a series on its own (the "add this date to my calendar" button). */
export function addOccurrence(
  cal: ICalCalendar,
  e: EventWithExceptions,
  o: Occurrence,
  opts: { host: string; url: string },
) {
  cal.createEvent({
    id: `${o.id}@${opts.host}`,
    summary: e.title,
    description: e.description || undefined,
    location: e.place || undefined,
    url: opts.url,
    timezone: LONDON,
    start: london(o.startsAt),
    end: london(o.endsAt),
  });
}

export function addMatch(
  cal: ICalCalendar,
  m: { id: string; title: string; startsAt: string; endsAt: string },
  opts: { host: string; url: string },
) {
  cal.createEvent({
    id: `${m.id}@${opts.host}`,
    summary: m.title,
    url: opts.url,
    timezone: LONDON,
    start: london(new Date(m.startsAt)),
    end: london(new Date(m.endsAt)),
  });
}

function parseUntil(v: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(v);
  if (!m) return new Date(v);
  return new Date(
    Date.UTC(
      Number(m[1]),
      Number(m[2]) - 1,
      Number(m[3]),
      Number(m[4] ?? 23),
      Number(m[5] ?? 59),
      Number(m[6] ?? 59),
    ),
  );
}
