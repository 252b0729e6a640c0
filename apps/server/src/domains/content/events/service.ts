import {
  type ClubEvent,
  EVENT_LIMITS,
  type EventExceptionInput,
  type EventInput,
  type EventOccurrence,
  type EventOccurrenceDetail,
  type EventPatch,
  type PhoneBookingInput,
  type Registration,
  type RegistrationInput,
  type ScreenMatch,
  type WaitlistInput,
} from '@lastman/api';
import { londonDateTime } from '@lastman/api/format';
import type { z } from 'zod';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { processImage } from '../../../lib/images.ts';
import { fileUrl, storageKey } from '../../../lib/storage.ts';
import type { Services } from '../../../services.ts';
import { clubForViewer } from '../../club/index.ts';
import { notify } from '../../notifications/index.ts';
import { isBlackoutKickoff } from './blackout.ts';
import { confirmationEmail, promotedEmail, removedEmail } from './emails.ts';
import { addEvent, addMatch, addOccurrence, newCalendar } from './ics.ts';
import { EVENTS_KIND, occurrenceLink } from './kind.ts';
import {
  expandEvent,
  findOccurrence,
  isSeriesDate,
  normaliseRecurrence,
  type Occurrence,
  parseOccurrenceId,
} from './occurrences.ts';
import {
  addScreenMatch,
  chosenScreenMatches,
  countRegistrations,
  countWaitlist,
  deleteEvent,
  deleteException,
  deleteRegistration,
  deleteRegistrationById,
  deleteScreenMatch,
  deleteWaitlistEntry,
  type EventWithExceptions,
  findEvent,
  findEventClub,
  findMatch,
  findRegistration,
  findWaitlistEntry,
  insertEvent,
  insertRegistration,
  insertWaitlistEntry,
  listAllEvents,
  listEventsInRange,
  listMatchesInRange,
  listRegistrations,
  listWaitlist,
  myPlaces,
  updateEvent,
  upsertException,
  waitlistKeys,
} from './queries.ts';

type Svc = Pick<Services, 'db' | 'config' | 'clock'>;
/** What a change that may free places needs: the waiting list's promotions are told by notification and email. */
type Promoting = Pick<Services, 'db' | 'config' | 'clock' | 'mailer' | 'notifier'>;
const MATCH_PREFIX = 'match_';
const MATCH_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

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

function matchView(m: {
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

function checkRange(fromIso: string, toIso: string) {
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
async function resolveOccurrence(
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

// ---- The admin's events ----

function checkTimes(startsAt: Date, endsAt: Date) {
  if (!(endsAt > startsAt)) throw new AppError('VALIDATION_FAILED', 'An event must end after it starts.');
  if (endsAt.getTime() - startsAt.getTime() > 7 * DAY_MS) {
    throw new AppError('VALIDATION_FAILED', 'An event lasts at most a week; make a longer one a series.');
  }
}

export async function createEvent(
  services: Svc,
  viewer: Viewer,
  input: z.output<typeof EventInput>,
): Promise<ClubEvent> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  checkTimes(startsAt, endsAt);
  const row = await insertEvent(services.db, {
    clubId: viewer.clubId,
    title: input.title,
    description: input.description,
    place: input.place,
    startsAt,
    endsAt,
    recurrence: input.recurrence ? normaliseRecurrence(input.recurrence) : null,
    capacity: input.capacity,
    pricePence: input.pricePence ?? 0,
    ticketUrl: input.ticketUrl,
    teams: input.teams,
  });
  return toClubEvent({ ...row, exceptions: [] }, services.config.PUBLIC_URL);
}

export async function editEvent(
  services: Promoting,
  viewer: Viewer,
  { eventId, patch }: { eventId: string; patch: EventPatch },
) {
  const { event, promoted } = await services.db.transaction(async (tx) => {
    const current = await findEvent(tx, { clubId: viewer.clubId, eventId, forUpdate: true });
    if (!current) throw notFound('That event');
    const startsAt = patch.startsAt ? new Date(patch.startsAt) : current.startsAt;
    const endsAt = patch.endsAt ? new Date(patch.endsAt) : current.endsAt;
    checkTimes(startsAt, endsAt);
    const recurrence =
      patch.recurrence === undefined
        ? current.recurrence
        : patch.recurrence
          ? normaliseRecurrence(patch.recurrence)
          : null;
    await updateEvent(tx, {
      clubId: viewer.clubId,
      eventId,
      values: {
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.place !== undefined && { place: patch.place }),
        ...(patch.capacity !== undefined && { capacity: patch.capacity }),
        ...(patch.pricePence !== undefined && { pricePence: patch.pricePence ?? 0 }),
        ...(patch.ticketUrl !== undefined && { ticketUrl: patch.ticketUrl }),
        ...(patch.teams !== undefined && { teams: patch.teams }),
        startsAt,
        endsAt,
        recurrence,
      },
    });
    const updated = await findEvent(tx, { clubId: viewer.clubId, eventId });
    if (!updated) throw notFound('That event');
    // More places (or a date moved later): whoever waits and now fits is booked in.
    const promoted: Promotion[] = [];
    for (const key of await waitlistKeys(tx, { clubId: viewer.clubId, eventId })) {
      const o = findOccurrence(updated, key);
      if (o)
        promoted.push(...(await promoteWaitlist(tx, services, { clubId: viewer.clubId, event: updated, o })));
    }
    return { event: toClubEvent(updated, services.config.PUBLIC_URL), promoted };
  });
  tellPromoted(services, promoted);
  return event;
}

export async function setEventCancelled(
  services: Svc,
  viewer: Viewer,
  { eventId, cancelled }: { eventId: string; cancelled: boolean },
) {
  const row = await updateEvent(services.db, { clubId: viewer.clubId, eventId, values: { cancelled } });
  if (!row) throw notFound('That event');
  const updated = await findEvent(services.db, { clubId: viewer.clubId, eventId });
  if (!updated) throw notFound('That event');
  return toClubEvent(updated, services.config.PUBLIC_URL);
}

export async function removeEvent(
  services: Svc & Pick<Services, 'storage'>,
  viewer: Viewer,
  { eventId }: { eventId: string },
) {
  const current = await findEvent(services.db, { clubId: viewer.clubId, eventId });
  if (!current || !(await deleteEvent(services.db, { clubId: viewer.clubId, eventId }))) {
    throw notFound('That event');
  }
  if (current.imageKey) await services.storage.delete(current.imageKey);
}

export async function listAdminEvents(services: Svc, viewer: Viewer) {
  return (await listAllEvents(services.db, { clubId: viewer.clubId })).map((e) =>
    toClubEvent(e, services.config.PUBLIC_URL),
  );
}

/** Cancels or moves one date of a series, leaving the others as they are. */
export async function saveException(
  services: Svc,
  viewer: Viewer,
  { eventId, input }: { eventId: string; input: EventExceptionInput },
) {
  return services.db.transaction(async (tx) => {
    const event = await findEvent(tx, { clubId: viewer.clubId, eventId, forUpdate: true });
    if (!event) throw notFound('That event');
    if (!event.recurrence) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Only a series has dates to cancel or move; edit or cancel a single event itself.',
      );
    }
    const original = new Date(input.originalStartsAt);
    if (!isSeriesDate(event, original)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The series has no date starting at ${input.originalStartsAt}.`,
      );
    }
    let startsAt: Date | null = null;
    let endsAt: Date | null = null;
    if (!input.cancelled) {
      if (!input.startsAt || !input.endsAt) {
        throw new AppError('VALIDATION_FAILED', 'A moved date needs its new startsAt and endsAt.');
      }
      startsAt = new Date(input.startsAt);
      endsAt = new Date(input.endsAt);
      checkTimes(startsAt, endsAt);
    }
    await upsertException(tx, {
      clubId: viewer.clubId,
      eventId,
      originalStartsAt: original,
      cancelled: input.cancelled,
      startsAt,
      endsAt,
    });
    const updated = await findEvent(tx, { clubId: viewer.clubId, eventId });
    if (!updated) throw notFound('That event');
    return toClubEvent(updated, services.config.PUBLIC_URL);
  });
}

export async function removeException(
  services: Svc,
  viewer: Viewer,
  { eventId, exceptionId }: { eventId: string; exceptionId: string },
) {
  if (!(await deleteException(services.db, { clubId: viewer.clubId, eventId, exceptionId }))) {
    throw notFound('That change to the series');
  }
  const updated = await findEvent(services.db, { clubId: viewer.clubId, eventId });
  if (!updated) throw notFound('That event');
  return toClubEvent(updated, services.config.PUBLIC_URL);
}

// ---- Bookings and the waiting list ----

type RegistrationRow = NonNullable<Awaited<ReturnType<typeof findRegistration>>>;

function myRegistrationView(r: RegistrationRow) {
  return {
    id: r.id,
    teamName: r.teamName,
    teamSize: r.teamSize,
    places: r.places,
    createdAt: r.createdAt.toISOString(),
  };
}

const placesWord = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/** Someone the waiting list booked in, to be told once the transaction has committed. */
interface Promotion {
  userId: string;
  name: string;
  email: string;
  places: number;
  title: string;
  place: string;
  startsAt: Date;
  occurrenceId: string;
}

/**
 * Books in whoever on the date's waiting list now fits, in order: each entry whose places are free
 * is booked (and told, by an in-app notification written here); one that does not fit keeps its
 * turn and the next smaller one may go ahead. Runs inside the caller's transaction, which holds the
 * event's row lock, so the count cannot be overtaken.
 */
async function promoteWaitlist(
  tx: Services['db'],
  services: Pick<Services, 'clock'>,
  { clubId, event, o }: { clubId: string; event: EventWithExceptions; o: Occurrence },
): Promise<Promotion[]> {
  if (event.capacity === null || event.cancelled || o.cancelled || o.startsAt <= services.clock.now())
    return [];
  const taken = (await countRegistrations(tx, { clubId, eventIds: [event.id] })).get(o.id) ?? 0;
  let free = event.capacity - taken;
  const out: Promotion[] = [];
  for (const w of await listWaitlist(tx, { clubId, eventId: event.id, key: o.key })) {
    if (free <= 0) break;
    if (w.places > free) continue;
    await deleteWaitlistEntry(tx, { clubId, eventId: event.id, key: o.key, userId: w.userId });
    const row = await insertRegistration(tx, {
      clubId,
      eventId: event.id,
      occurrenceKey: o.key,
      userId: w.userId,
      places: w.places,
      // A team event's waiting list names no team; the member can add it by phoning the club.
      teamName: null,
      teamSize: null,
    });
    if (!row) continue;
    free -= w.places;
    await notify(
      { db: tx, clock: services.clock },
      {
        clubId,
        userIds: [w.userId],
        kind: EVENTS_KIND,
        title: `A place came free: you're going to ${event.title}`,
        body: `You were on the waiting list and now have ${placesWord(w.places)}: ${londonDateTime(o.startsAt)} (UK time)${event.place ? ` at ${event.place}` : ''}. Can't make it? Cancel in the app so the next person gets it.`,
        link: occurrenceLink(o.id),
      },
    );
    out.push({
      userId: w.userId,
      name: w.name,
      email: w.email,
      places: w.places,
      title: event.title,
      place: event.place,
      startsAt: o.startsAt,
      occurrenceId: o.id,
    });
  }
  return out;
}

/** After the commit: push the notifications out and email each person the waiting list booked in. */
function tellPromoted(services: Pick<Services, 'config' | 'mailer' | 'notifier'>, promoted: Promotion[]) {
  if (promoted.length === 0) return;
  services.notifier.kick();
  for (const p of promoted) {
    services.mailer.sendLater(
      promotedEmail({
        to: p.email,
        name: p.name,
        title: p.title,
        place: p.place,
        startsAt: p.startsAt,
        places: p.places,
        icsUrl: `${services.config.PUBLIC_URL}/api/events/${p.occurrenceId}.ics`,
      }),
    );
  }
}

/** The event (locked) and the date an occurrence id names, open for bookings, or the refusal. */
async function lockOpenDate(
  tx: Services['db'],
  services: Pick<Services, 'clock'>,
  { clubId, id }: { clubId: string; id: string },
) {
  if (id.startsWith(MATCH_PREFIX))
    throw new AppError('EVENT_NOT_OPEN', 'Matches on the big screen need no sign-up: just come along.');
  const { eventId, key } = parseOccurrenceId(id);
  // The event's row is locked: bookings for its dates queue here, so the counts below cannot be overtaken.
  const event = await findEvent(tx, { clubId, eventId, forUpdate: true });
  const o = event ? findOccurrence(event, key) : null;
  if (!event || !o || o.cancelled || event.cancelled) throw notFound('That event');
  if (event.capacity === null)
    throw new AppError('EVENT_NOT_OPEN', 'This event takes no sign-ups: just come along.');
  if (o.startsAt <= services.clock.now())
    throw new AppError('EVENT_NOT_OPEN', 'This event has already started, so sign-ups are closed.');
  const taken = (await countRegistrations(tx, { clubId, eventIds: [eventId] })).get(o.id) ?? 0;
  return { event, o, capacity: event.capacity, left: Math.max(0, event.capacity - taken) };
}

function checkPlaces(event: EventWithExceptions, places: number) {
  if (event.teams && places !== 1) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A team takes one place whatever its size: give the number of players as the team size.',
    );
  }
}

function tooMany(left: number, places: number): AppError {
  if (left === 0) {
    return new AppError('EVENT_FULL', 'Sorry, this event is full. You can join the waiting list instead.');
  }
  return new AppError(
    'TOO_MANY_PLACES',
    `Only ${placesWord(left)} left, and you asked for ${places}. Book ${left === 1 ? '1 place' : `up to ${left}`}, or join the waiting list.`,
  );
}

export async function register(
  services: Pick<Services, 'db' | 'config' | 'clock' | 'mailer' | 'notifier'>,
  viewer: Viewer,
  { id, input }: { id: string; input: z.output<typeof RegistrationInput> },
) {
  const result = await services.db.transaction(async (tx) => {
    const { event, o, left } = await lockOpenDate(tx, services, { clubId: viewer.clubId, id });
    const eventId = event.id;
    if (event.teams && (!input.teamName || !input.teamSize)) {
      throw new AppError('VALIDATION_FAILED', 'Give your team’s name and how many are in it.');
    }
    checkPlaces(event, input.places);
    if (await findRegistration(tx, { clubId: viewer.clubId, eventId, key: o.key, userId: viewer.userId })) {
      throw new AppError('ALREADY_REGISTERED', 'You are already booked for this date.');
    }
    if (input.places > left) throw tooMany(left, input.places);
    const row = await insertRegistration(tx, {
      clubId: viewer.clubId,
      eventId,
      occurrenceKey: o.key,
      userId: viewer.userId,
      places: input.places,
      teamName: event.teams ? (input.teamName ?? null) : null,
      teamSize: event.teams ? (input.teamSize ?? null) : null,
    });
    if (!row) throw new AppError('ALREADY_REGISTERED', 'You are already booked for this date.');
    // Booked after all (fewer places, or a place came free): no longer waiting.
    await deleteWaitlistEntry(tx, { clubId: viewer.clubId, eventId, key: o.key, userId: viewer.userId });
    await notify(
      { db: tx, clock: services.clock },
      {
        clubId: viewer.clubId,
        userIds: [viewer.userId],
        kind: EVENTS_KIND,
        title: `You are signed up: ${event.title}`,
        body: `${input.places > 1 ? `${placesWord(input.places)}, ` : ''}${londonDateTime(o.startsAt)} (UK time)${event.place ? ` at ${event.place}` : ''}. We will remind you the day before and 2 hours before.`,
        link: occurrenceLink(o.id),
      },
    );
    return { event, o, row, placesLeft: left - input.places };
  });
  // Reminders 24 h and 2 h before come from reminders.ts, in the notification jobs' minute tick.
  services.notifier.kick();
  services.mailer.sendLater(
    confirmationEmail({
      to: viewer.email,
      name: viewer.name,
      title: result.event.title,
      place: result.event.place,
      startsAt: result.o.startsAt,
      places: result.row.places,
      teamName: result.row.teamName,
      teamSize: result.row.teamSize,
      icsUrl: `${services.config.PUBLIC_URL}/api/events/${result.o.id}.ics`,
    }),
  );
  return { registration: myRegistrationView(result.row), placesLeft: result.placesLeft };
}

/** A member gives up their booking; the places go to the waiting list in the same transaction. */
export async function cancelRegistration(services: Promoting, viewer: Viewer, { id }: { id: string }) {
  const { eventId, key } = parseOccurrenceId(id);
  const promoted = await services.db.transaction(async (tx) => {
    const event = await findEvent(tx, { clubId: viewer.clubId, eventId, forUpdate: true });
    if (
      !event ||
      !(await deleteRegistration(tx, { clubId: viewer.clubId, eventId, key, userId: viewer.userId }))
    ) {
      throw notFound('Your sign-up');
    }
    const o = findOccurrence(event, key);
    return o ? promoteWaitlist(tx, services, { clubId: viewer.clubId, event, o }) : [];
  });
  tellPromoted(services, promoted);
}

/** A member joins the waiting list of a date that has not the places they want. */
export async function joinWaitlist(
  services: Svc,
  viewer: Viewer,
  { id, input }: { id: string; input: z.output<typeof WaitlistInput> },
) {
  return services.db.transaction(async (tx) => {
    const { event, o, left, capacity } = await lockOpenDate(tx, services, { clubId: viewer.clubId, id });
    checkPlaces(event, input.places);
    const who = { clubId: viewer.clubId, eventId: event.id, key: o.key, userId: viewer.userId };
    if (await findRegistration(tx, who)) {
      throw new AppError('ALREADY_REGISTERED', 'You are already booked for this date.');
    }
    if (input.places <= left) {
      throw new AppError(
        'CONFLICT',
        `There ${left === 1 ? 'is 1 place' : `are ${left} places`} left, so you can book now instead of waiting.`,
      );
    }
    if (input.places > capacity) throw tooMany(capacity, input.places);
    const row = await insertWaitlistEntry(tx, { ...who, occurrenceKey: o.key, places: input.places });
    if (!row) throw new AppError('ALREADY_WAITING', 'You are already on the waiting list for this date.');
    const entry = await findWaitlistEntry(tx, who);
    if (!entry) throw notFound('Your place on the waiting list');
    return {
      entry: {
        id: entry.id,
        places: entry.places,
        position: entry.position,
        createdAt: entry.createdAt.toISOString(),
      },
    };
  });
}

export async function leaveWaitlist(services: Svc, viewer: Viewer, { id }: { id: string }) {
  const { eventId, key } = parseOccurrenceId(id);
  if (
    !(await deleteWaitlistEntry(services.db, { clubId: viewer.clubId, eventId, key, userId: viewer.userId }))
  ) {
    throw notFound('Your place on the waiting list');
  }
}

function registrationView(
  o: { id: string },
  r: Awaited<ReturnType<typeof listRegistrations>>[number],
): Registration {
  return {
    id: r.id,
    occurrenceId: o.id,
    name: r.name,
    email: r.email,
    byPhone: r.userId === null,
    phone: r.guestPhone,
    places: r.places,
    teamName: r.teamName,
    teamSize: r.teamSize,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The admin books places for someone who phoned the club (no account needed). */
export async function addPhoneBooking(
  services: Svc,
  viewer: Viewer,
  { id, input }: { id: string; input: z.output<typeof PhoneBookingInput> },
) {
  return services.db.transaction(async (tx) => {
    const { event, o, left } = await lockOpenDate(tx, services, { clubId: viewer.clubId, id });
    checkPlaces(event, input.places);
    if (input.places > left) {
      throw new AppError(
        left === 0 ? 'EVENT_FULL' : 'TOO_MANY_PLACES',
        left === 0
          ? 'This date is full: remove a booking or raise the places first.'
          : `Only ${placesWord(left)} left, not ${input.places}.`,
      );
    }
    const row = await insertRegistration(tx, {
      clubId: viewer.clubId,
      eventId: event.id,
      occurrenceKey: o.key,
      userId: null,
      guestName: input.name,
      guestPhone: input.phone,
      places: input.places,
      teamName: event.teams ? input.name : null,
    });
    if (!row) throw new Error('phone booking insert returned nothing');
    const [view] = (await listRegistrations(tx, { clubId: viewer.clubId, eventId: event.id, key: o.key }))
      .filter((r) => r.id === row.id)
      .map((r) => registrationView(o, r));
    if (!view) throw new Error('phone booking not found after insert');
    return { registration: view, placesLeft: left - input.places };
  });
}

/** The admin removes a booking; its places go to the waiting list in the same transaction. */
export async function removeAttendee(
  services: Promoting,
  viewer: Viewer,
  { id, registrationId }: { id: string; registrationId: string },
) {
  const { eventId, key } = parseOccurrenceId(id);
  const { promoted, told } = await services.db.transaction(async (tx) => {
    const event = await findEvent(tx, { clubId: viewer.clubId, eventId, forUpdate: true });
    // Read before the delete: the guest's name and email are the account's, joined by the list.
    const booking = event
      ? (await listRegistrations(tx, { clubId: viewer.clubId, eventId, key })).find(
          (r) => r.id === registrationId,
        )
      : undefined;
    const removed = event
      ? await deleteRegistrationById(tx, { clubId: viewer.clubId, eventId, key, id: registrationId })
      : undefined;
    if (!event || !removed) throw notFound('That booking');
    const o = findOccurrence(event, key);
    // A member with an account is told on their channels, so their last message is not the
    // "You are signed up" the booking sent; a phone booking has no account to tell.
    let told: Removal | null = null;
    if (removed.userId && booking && o) {
      const when = `${londonDateTime(o.startsAt)} (UK time)`;
      await notify(
        { db: tx, clock: services.clock },
        {
          clubId: viewer.clubId,
          userIds: [removed.userId],
          kind: EVENTS_KIND,
          title: `Your booking was removed: ${event.title}`,
          body: `The club removed your ${placesWord(removed.places)} for ${when}${event.place ? ` at ${event.place}` : ''}, so you are no longer signed up. Questions? Ask at the bar or use Contact us.`,
          link: occurrenceLink(o.id),
        },
      );
      told = {
        email: booking.email,
        name: booking.name,
        title: event.title,
        place: event.place,
        startsAt: o.startsAt,
        places: removed.places,
      };
    }
    const promoted = o ? await promoteWaitlist(tx, services, { clubId: viewer.clubId, event, o }) : [];
    return { promoted, told };
  });
  if (told) {
    services.notifier.kick();
    if (told.email) services.mailer.sendLater(removedEmail({ to: told.email, ...told }));
  }
  tellPromoted(services, promoted);
}

interface Removal {
  email: string;
  name: string;
  title: string;
  place: string;
  startsAt: Date;
  places: number;
}

export async function occurrenceRegistrations(services: Svc, viewer: Viewer, { id }: { id: string }) {
  const { event, o } = await resolveOccurrence(services, { clubId: viewer.clubId, id });
  const where = { clubId: viewer.clubId, eventId: event.id, key: o.key };
  const rows = await listRegistrations(services.db, where);
  const waiting = await listWaitlist(services.db, where);
  const placesTaken = rows.reduce((n, r) => n + r.places, 0);
  return {
    registrations: rows.map((r) => registrationView(o, r)),
    waitlist: waiting.map((w) => ({
      id: w.id,
      name: w.name,
      email: w.email,
      places: w.places,
      createdAt: w.createdAt.toISOString(),
    })),
    placesTaken,
    capacity: event.capacity,
    placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - placesTaken),
  };
}

// ---- Matches on the big screen ----

const BLACKOUT_REASON =
  'That match kicks off between 14:45 and 17:15 on a Saturday (UK time): the 3 pm blackout means no UK pub may show it.';

/** The fixtures in a range the admin may pick from, each saying whether it is chosen and whether it falls in the blackout. */
export async function listScreenMatches(
  services: Svc,
  viewer: Viewer,
  input: { from: string; to: string },
): Promise<ScreenMatch[]> {
  const { from, to } = checkRange(input.from, input.to);
  const matches = await listMatchesInRange(services.db, { from, to });
  const chosen = await chosenScreenMatches(services.db, {
    clubId: viewer.clubId,
    fixtureIds: matches.map((m) => m.id),
  });
  return matches.map((m) => ({
    fixtureId: m.id,
    title: `${m.homeName} v ${m.awayName}`,
    kickoffAt: m.kickoffAt.toISOString(),
    kickoffTbc: m.kickoffTbc,
    chosen: chosen.has(m.id),
    blackout: isBlackoutKickoff(m.kickoffAt),
  }));
}

export async function chooseScreenMatch(services: Svc, viewer: Viewer, { fixtureId }: { fixtureId: string }) {
  const m = await findMatch(services.db, { fixtureId });
  if (!m) throw notFound('That match');
  if (m.status === 'postponed' || m.status === 'abandoned') {
    throw new AppError('VALIDATION_FAILED', `That match is ${m.status}, so it cannot go on the big screen.`);
  }
  if (isBlackoutKickoff(m.kickoffAt)) throw new AppError('BLACKOUT_MATCH', BLACKOUT_REASON);
  await addScreenMatch(services.db, { clubId: viewer.clubId, fixtureId });
}

export async function unchooseScreenMatch(
  services: Svc,
  viewer: Viewer,
  { fixtureId }: { fixtureId: string },
) {
  if (!(await deleteScreenMatch(services.db, { clubId: viewer.clubId, fixtureId }))) {
    throw notFound('That match on the big screen');
  }
}

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

// ---- The event's picture (stored through lib/storage.ts, made safe by lib/images.ts) ----

export async function setEventImage(
  services: Pick<Services, 'db' | 'config' | 'storage'>,
  viewer: Viewer,
  { eventId, bytes }: { eventId: string; bytes: unknown },
): Promise<ClubEvent> {
  const current = await findEvent(services.db, { clubId: viewer.clubId, eventId });
  if (!current) throw notFound('That event');
  if (!Buffer.isBuffer(bytes) || bytes.byteLength === 0) {
    throw new AppError(
      'BAD_REQUEST',
      'Send the picture itself as the body (a JPEG, PNG, WebP or HEIC image).',
    );
  }
  const image = await processImage(bytes);
  const key = storageKey('events', viewer.clubId, `${eventId}-${crypto.randomUUID()}.webp`);
  await services.storage.put(key, image.display.bytes, { contentType: image.display.contentType });
  await updateEvent(services.db, { clubId: viewer.clubId, eventId, values: { imageKey: key } });
  if (current.imageKey) await services.storage.delete(current.imageKey);
  return toClubEvent({ ...current, imageKey: key }, services.config.PUBLIC_URL);
}

export async function removeEventImage(
  services: Pick<Services, 'db' | 'config' | 'storage'>,
  viewer: Viewer,
  { eventId }: { eventId: string },
): Promise<ClubEvent> {
  const current = await findEvent(services.db, { clubId: viewer.clubId, eventId });
  if (!current) throw notFound('That event');
  await updateEvent(services.db, { clubId: viewer.clubId, eventId, values: { imageKey: null } });
  if (current.imageKey) await services.storage.delete(current.imageKey);
  return toClubEvent({ ...current, imageKey: null }, services.config.PUBLIC_URL);
}
