import { type ClubEvent, EVENT_LIMITS, type EventOccurrence, type EventOccurrenceDetail } from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { fileUrl } from '../../../lib/storage.ts';
import type { Services } from '../../../services.ts';
import { clubForViewer } from '../../club/index.ts';
import { isBlackoutKickoff } from './blackout.ts';
import { expandEvent, findOccurrence, type Occurrence, parseOccurrenceId } from './occurrences.ts';
import {
  chosenScreenMatches,
  countRegistrations,
  countWaitlist,
  type EventWithExceptions,
  findEvent,
  findMatch,
  findRegistration,
  findWaitlistEntry,
  listEventsInRange,
  listMatchesInRange,
  myPlaces,
} from './queries.ts';

export type Svc = Pick<Services, 'db' | 'config' | 'clock'>;
/** What a change that may free places needs: the waiting list's promotions are told by notification and email. */
export type Promoting = Pick<Services, 'db' | 'config' | 'clock' | 'mailer' | 'notifier' | 'registries'>;
export const MATCH_PREFIX = 'match_';
const MATCH_MS = 2 * 60 * 60 * 1000;
export const DAY_MS = 86_400_000;

/** Visitors see the club of their link (`?club=`), members their own club. */
export async function publicClub(
  services: Pick<Services, 'db' | 'config'>,
  viewer: Viewer | null,
  slug?: string,
) {
  return clubForViewer(services.db, {
    slug: viewer ? undefined : slug,
    userClubId: viewer?.clubId,
    defaultSlug: services.config.DEFAULT_CLUB,
  });
}

export function toClubEvent(e: EventWithExceptions, publicUrl: string): ClubEvent {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
    place: e.place,
    recurrence: e.recurrence,
    capacity: e.capacity,
    pricePence: e.pricePence,
    ticketUrl: e.ticketUrl,
    teams: e.teams,
    imageUrl: e.imageKey ? fileUrl(publicUrl, e.imageKey) : null,
    cancelled: e.cancelled,
    exceptions: e.exceptions.map((x) => ({
      id: x.id,
      originalStartsAt: x.originalStartsAt.toISOString(),
      cancelled: x.cancelled,
      startsAt: x.startsAt?.toISOString() ?? null,
      endsAt: x.endsAt?.toISOString() ?? null,
    })),
  };
}

function occurrenceView(
  e: EventWithExceptions,
  o: Occurrence,
  taken: number,
  mine: number | null = null,
): EventOccurrence {
  return {
    id: o.id,
    seriesId: e.id,
    kind: 'event',
    title: e.title,
    startsAt: o.startsAt.toISOString(),
    endsAt: o.endsAt.toISOString(),
    place: e.place,
    capacity: e.capacity,
    placesLeft: e.capacity === null ? null : Math.max(0, e.capacity - taken),
    pricePence: e.pricePence,
    movedFrom: o.moved ? o.originalStartsAt.toISOString() : null,
    teams: e.teams,
    myPlaces: mine,
  };
}

function matchTitle(m: { homeName: string; awayName: string }) {
  return `${m.homeName} v ${m.awayName}, live on the big screen`;
}

export function matchView(m: {
  id: string;
  kickoffAt: Date;
  kickoffTbc: boolean;
  homeName: string;
  awayName: string;
}): EventOccurrence {
  return {
    id: `${MATCH_PREFIX}${m.id}`,
    seriesId: null,
    kind: 'match',
    title: matchTitle(m) + (m.kickoffTbc ? ' (kick-off time to be confirmed)' : ''),
    startsAt: m.kickoffAt.toISOString(),
    endsAt: new Date(m.kickoffAt.getTime() + MATCH_MS).toISOString(),
    place: '',
    capacity: null,
    placesLeft: null,
    pricePence: 0,
    movedFrom: null,
    teams: false,
    myPlaces: null,
  };
}

/**
 * Every date of the club in [from, to): its events' dates (series expanded, cancelled left out) and
 * the matches it chose for its big screen, never a blackout kick-off (one moved into the blackout
 * after it was chosen drops out). With `userId`, each date carries that member's booked places.
 */
export async function clubOccurrences(
  services: Pick<Services, 'db'>,
  { clubId, from, to, userId }: { clubId: string; from: Date; to: Date; userId?: string | undefined },
): Promise<{ event: EventWithExceptions | null; occurrence: EventOccurrence; o: Occurrence | null }[]> {
  const rows = await listEventsInRange(services.db, { clubId, from, to });
  const eventIds = rows.map((r) => r.id);
  const counts = await countRegistrations(services.db, { clubId, eventIds });
  const mine = userId ? await myPlaces(services.db, { clubId, eventIds, userId }) : new Map<string, number>();
  const out: { event: EventWithExceptions | null; occurrence: EventOccurrence; o: Occurrence | null }[] = [];
  for (const e of rows) {
    for (const o of expandEvent(e, { from, to })) {
      if (!o.cancelled) {
        out.push({
          event: e,
          o,
          occurrence: occurrenceView(e, o, counts.get(o.id) ?? 0, mine.get(o.id) ?? null),
        });
      }
    }
  }
  for (const m of await listMatchesInRange(services.db, {
    from: new Date(from.getTime() - MATCH_MS),
    to,
    chosenBy: clubId,
  })) {
    const view = matchView(m);
    if (new Date(view.endsAt) > from && !isBlackoutKickoff(m.kickoffAt)) {
      out.push({ event: null, o: null, occurrence: view });
    }
  }
  return out.sort((a, b) => a.occurrence.startsAt.localeCompare(b.occurrence.startsAt));
}

export function checkRange(fromIso: string, toIso: string) {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  if (!(to > from)) throw new AppError('VALIDATION_FAILED', '`to` must be after `from`.');
  if (to.getTime() - from.getTime() > EVENT_LIMITS.rangeMaxDays * DAY_MS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Ask for at most ${EVENT_LIMITS.rangeMaxDays} days of events at a time.`,
    );
  }
  return { from, to };
}

export async function listOccurrences(
  services: Svc,
  viewer: Viewer | null,
  input: { from: string; to: string; club?: string | undefined },
): Promise<EventOccurrence[]> {
  const range = checkRange(input.from, input.to);
  const club = await publicClub(services, viewer, input.club);
  // A member sees "You're going" on the dates they booked; a visitor's list is the same for all.
  const userId = viewer && viewer.clubId === club.id ? viewer.userId : undefined;
  return (await clubOccurrences(services, { clubId: club.id, ...range, userId })).map((r) => r.occurrence);
}

/** The event and the date an occurrence id names in the club, or a 404. */
export async function resolveOccurrence(
  services: Pick<Services, 'db'>,
  { clubId, id }: { clubId: string; id: string },
) {
  const { eventId, key } = parseOccurrenceId(id);
  const event = await findEvent(services.db, { clubId, eventId });
  const o = event ? findOccurrence(event, key) : null;
  if (!event || !o || o.cancelled) throw notFound('That event');
  return { event, o };
}

export async function getOccurrence(
  services: Svc,
  viewer: Viewer | null,
  input: { id: string; club?: string | undefined },
): Promise<EventOccurrenceDetail> {
  const club = await publicClub(services, viewer, input.club);
  if (input.id.startsWith(MATCH_PREFIX)) {
    const fixtureId = input.id.slice(MATCH_PREFIX.length);
    const m = await findMatch(services.db, { fixtureId });
    const shown = (await chosenScreenMatches(services.db, { clubId: club.id, fixtureIds: [fixtureId] })).has(
      fixtureId,
    );
    if (
      !m ||
      !shown ||
      m.status === 'postponed' ||
      m.status === 'abandoned' ||
      isBlackoutKickoff(m.kickoffAt)
    ) {
      throw notFound('That match');
    }
    return {
      ...matchView(m),
      description: 'Shown live on the big screen.',
      ticketUrl: null,
      imageUrl: null,
      myRegistration: null,
      myWaitlist: null,
      waitlistLength: 0,
    };
  }
  const { event, o } = await resolveOccurrence(services, { clubId: club.id, id: input.id });
  const counts = await countRegistrations(services.db, { clubId: club.id, eventIds: [event.id] });
  const who = viewer ? { clubId: club.id, eventId: event.id, key: o.key, userId: viewer.userId } : null;
  const mine = who ? await findRegistration(services.db, who) : undefined;
  const waiting = who ? await findWaitlistEntry(services.db, who) : undefined;
  return {
    ...occurrenceView(event, o, counts.get(o.id) ?? 0, mine?.places ?? null),
    description: event.description,
    ticketUrl: event.ticketUrl,
    imageUrl: event.imageKey ? fileUrl(services.config.PUBLIC_URL, event.imageKey) : null,
    myRegistration: mine ? myRegistrationView(mine) : null,
    myWaitlist: waiting
      ? {
          id: waiting.id,
          places: waiting.places,
          position: waiting.position,
          createdAt: waiting.createdAt.toISOString(),
        }
      : null,
    waitlistLength: await countWaitlist(services.db, { clubId: club.id, eventId: event.id, key: o.key }),
  };
}

type RegistrationRow = NonNullable<Awaited<ReturnType<typeof findRegistration>>>;

export function myRegistrationView(r: RegistrationRow) {
  return {
    id: r.id,
    teamName: r.teamName,
    teamSize: r.teamSize,
    places: r.places,
    createdAt: r.createdAt.toISOString(),
  };
}
