import type { Viewer } from '../../../http/guards.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { isBlackoutKickoff } from './blackout.ts';
import {
  DAY_MS,
  getOccurrence,
  MATCH_PREFIX,
  matchView,
  publicClub,
  resolveOccurrence,
  type Svc,
} from './event-views.ts';
import { addEvent, addMatch, addOccurrence, newCalendar } from './ics.ts';
import { parseOccurrenceId } from './occurrences.ts';
import { findEvent, findEventClub, listAllEvents, listMatchesInRange } from './queries.ts';

// ---- Calendars ----

function calendarOpts(services: Pick<Services, 'config'>, slug: string) {
  return { host: new URL(services.config.PUBLIC_URL).host, url: `${services.config.PUBLIC_URL}/c/${slug}` };
}

/**
 * One event as an .ics file: a single event; for a series' event id the whole series (RRULE, EXDATE,
 * RECURRENCE-ID); for one date of a series just that date. Visitors without a session or `?club=` get
 * the club the event belongs to: an event's id is as good as its link.
 */
export async function eventIcs(
  services: Svc,
  viewer: Viewer | null,
  input: { id: string; club?: string | undefined },
): Promise<string> {
  let club = await publicClub(services, viewer, input.club);
  if (!viewer && !input.club && !input.id.startsWith(MATCH_PREFIX)) {
    const owner = await findEventClub(services.db, { eventId: parseOccurrenceId(input.id).eventId });
    if (owner) club = await publicClub(services, null, owner.slug);
  }
  const opts = calendarOpts(services, club.slug);
  const cal = newCalendar(club.name, opts.url);
  if (input.id.startsWith(MATCH_PREFIX)) {
    const m = await getOccurrence(services, viewer, { id: input.id, club: club.slug });
    addMatch(cal, m, opts);
    return cal.toString();
  }
  const { eventId, key } = parseOccurrenceId(input.id);
  if (key === '') {
    const event = await findEvent(services.db, { clubId: club.id, eventId });
    if (!event || event.cancelled) throw notFound('That event');
    addEvent(cal, event, opts);
  } else {
    const { event, o } = await resolveOccurrence(services, { clubId: club.id, id: input.id });
    addOccurrence(cal, event, o, opts);
  }
  return cal.toString();
}

/** The club's subscribable feed: every event (series whole), and the matches of the coming months if shown. */
export async function clubCalendarIcs(services: Svc, { slug }: { slug: string }): Promise<string> {
  const club = await publicClub(services, null, slug);
  const opts = calendarOpts(services, club.slug);
  const cal = newCalendar(club.name, opts.url);
  for (const e of await listAllEvents(services.db, { clubId: club.id })) {
    if (!e.cancelled) addEvent(cal, e, opts);
  }
  const now = services.clock.now().getTime();
  const matches = await listMatchesInRange(services.db, {
    from: new Date(now - 7 * DAY_MS),
    to: new Date(now + 120 * DAY_MS),
    chosenBy: club.id,
  });
  for (const m of matches) if (!isBlackoutKickoff(m.kickoffAt)) addMatch(cal, matchView(m), opts);
  return cal.toString();
}
