import {
  type ClubEvent,
  EVENT_LIMITS,
  type EventExceptionInput,
  type EventInput,
  type EventOccurrence,
  type EventOccurrenceDetail,
  type EventPatch,
  type EventSettings,
  type Registration,
  type RegistrationInput,
} from '@lastman/api';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { processImage } from '../../lib/images.ts';
import { fileUrl, storageKey } from '../../lib/storage.ts';
import type { Services } from '../../services.ts';
import { clubForViewer } from '../clubs/index.ts';
import { notify } from '../notifications/index.ts';
import { confirmationEmail } from './emails.ts';
import { addEvent, addMatch, addOccurrence, newCalendar } from './ics.ts';
import { EVENTS_KIND, londonWhen, occurrenceLink } from './kind.ts';
import {
  expandEvent,
  findOccurrence,
  isSeriesDate,
  normaliseRecurrence,
  type Occurrence,
  parseOccurrenceId,
} from './occurrences.ts';
import {
  countRegistrations,
  deleteEvent,
  deleteException,
  deleteRegistration,
  type EventWithExceptions,
  findEvent,
  findEventClub,
  findMatch,
  findRegistration,
  findSettings,
  insertEvent,
  insertRegistration,
  listAllEvents,
  listEventsInRange,
  listMatchesInRange,
  listRegistrations,
  saveSettings,
  updateEvent,
  upsertException,
} from './queries.ts';

type Svc = Pick<Services, 'db' | 'config' | 'clock'>;
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

function occurrenceView(e: EventWithExceptions, o: Occurrence, taken: number): EventOccurrence {
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
    movedFrom: o.moved ? o.originalStartsAt.toISOString() : null,
    teams: e.teams,
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
    movedFrom: null,
    teams: false,
  };
}

/** Every date of the club in [from, to): its events' dates (series expanded, cancelled left out) and, if the club shows them, the matches. */
export async function clubOccurrences(
  services: Pick<Services, 'db'>,
  { clubId, from, to }: { clubId: string; from: Date; to: Date },
): Promise<{ event: EventWithExceptions | null; occurrence: EventOccurrence; o: Occurrence | null }[]> {
  const rows = await listEventsInRange(services.db, { clubId, from, to });
  const counts = await countRegistrations(services.db, { clubId, eventIds: rows.map((r) => r.id) });
  const out: { event: EventWithExceptions | null; occurrence: EventOccurrence; o: Occurrence | null }[] = [];
  for (const e of rows) {
    for (const o of expandEvent(e, { from, to })) {
      if (!o.cancelled) out.push({ event: e, o, occurrence: occurrenceView(e, o, counts.get(o.id) ?? 0) });
    }
  }
  if ((await findSettings(services.db, { clubId })).showMatches) {
    for (const m of await listMatchesInRange(services.db, {
      from: new Date(from.getTime() - MATCH_MS),
      to,
    })) {
      const view = matchView(m);
      if (new Date(view.endsAt) > from) out.push({ event: null, o: null, occurrence: view });
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
  return (await clubOccurrences(services, { clubId: club.id, ...range })).map((r) => r.occurrence);
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
    const m = await findMatch(services.db, { fixtureId: input.id.slice(MATCH_PREFIX.length) });
    const shown = (await findSettings(services.db, { clubId: club.id })).showMatches;
    if (!m || !shown || m.status === 'postponed' || m.status === 'abandoned') throw notFound('That match');
    return {
      ...matchView(m),
      description: 'Shown live on the big screen.',
      ticketUrl: null,
      imageUrl: null,
      myRegistration: null,
    };
  }
  const { event, o } = await resolveOccurrence(services, { clubId: club.id, id: input.id });
  const counts = await countRegistrations(services.db, { clubId: club.id, eventIds: [event.id] });
  const mine = viewer
    ? await findRegistration(services.db, {
        clubId: club.id,
        eventId: event.id,
        key: o.key,
        userId: viewer.userId,
      })
    : undefined;
  return {
    ...occurrenceView(event, o, counts.get(o.id) ?? 0),
    description: event.description,
    ticketUrl: event.ticketUrl,
    imageUrl: event.imageKey ? fileUrl(services.config.PUBLIC_URL, event.imageKey) : null,
    myRegistration: mine
      ? {
          id: mine.id,
          teamName: mine.teamName,
          teamSize: mine.teamSize,
          createdAt: mine.createdAt.toISOString(),
        }
      : null,
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
    ticketUrl: input.ticketUrl,
    teams: input.teams,
  });
  return toClubEvent({ ...row, exceptions: [] }, services.config.PUBLIC_URL);
}

export async function editEvent(
  services: Svc,
  viewer: Viewer,
  { eventId, patch }: { eventId: string; patch: EventPatch },
) {
  return services.db.transaction(async (tx) => {
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
        ...(patch.ticketUrl !== undefined && { ticketUrl: patch.ticketUrl }),
        ...(patch.teams !== undefined && { teams: patch.teams }),
        startsAt,
        endsAt,
        recurrence,
      },
    });
    const updated = await findEvent(tx, { clubId: viewer.clubId, eventId });
    if (!updated) throw notFound('That event');
    return toClubEvent(updated, services.config.PUBLIC_URL);
  });
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

// ---- Sign-ups ----

export async function register(
  services: Pick<Services, 'db' | 'config' | 'clock' | 'mailer' | 'notifier'>,
  viewer: Viewer,
  { id, input }: { id: string; input: RegistrationInput },
) {
  if (id.startsWith(MATCH_PREFIX))
    throw new AppError('EVENT_NOT_OPEN', 'Matches on the big screen need no sign-up: just come along.');
  const { eventId, key } = parseOccurrenceId(id);
  const now = services.clock.now();
  const result = await services.db.transaction(async (tx) => {
    // The event's row is locked: sign-ups for its dates queue here, so the count below cannot be overtaken.
    const event = await findEvent(tx, { clubId: viewer.clubId, eventId, forUpdate: true });
    const o = event ? findOccurrence(event, key) : null;
    if (!event || !o || o.cancelled) throw notFound('That event');
    if (event.capacity === null)
      throw new AppError('EVENT_NOT_OPEN', 'This event takes no sign-ups: just come along.');
    if (o.startsAt <= now)
      throw new AppError('EVENT_NOT_OPEN', 'This event has already started, so sign-ups are closed.');
    if (event.teams && (!input.teamName || !input.teamSize)) {
      throw new AppError('VALIDATION_FAILED', 'Give your team’s name and how many are in it.');
    }
    if (await findRegistration(tx, { clubId: viewer.clubId, eventId, key: o.key, userId: viewer.userId })) {
      throw new AppError('ALREADY_REGISTERED', 'You are already signed up for this date.');
    }
    const taken =
      (await countRegistrations(tx, { clubId: viewer.clubId, eventIds: [eventId] })).get(o.id) ?? 0;
    if (taken >= event.capacity) throw new AppError('EVENT_FULL', 'Sorry, this event is full.');
    const row = await insertRegistration(tx, {
      clubId: viewer.clubId,
      eventId,
      occurrenceKey: o.key,
      userId: viewer.userId,
      teamName: event.teams ? (input.teamName ?? null) : null,
      teamSize: event.teams ? (input.teamSize ?? null) : null,
    });
    if (!row) throw new AppError('ALREADY_REGISTERED', 'You are already signed up for this date.');
    await notify(
      { db: tx, clock: services.clock },
      {
        clubId: viewer.clubId,
        userIds: [viewer.userId],
        kind: EVENTS_KIND,
        title: `You are signed up: ${event.title}`,
        body: `${londonWhen(o.startsAt)} (UK time)${event.place ? ` at ${event.place}` : ''}. We will remind you the day before and 2 hours before.`,
        link: occurrenceLink(o.id),
      },
    );
    return { event, o, row, placesLeft: event.capacity - taken - 1 };
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
      teamName: result.row.teamName,
      teamSize: result.row.teamSize,
      icsUrl: `${services.config.PUBLIC_URL}/api/events/${result.o.id}.ics`,
    }),
  );
  return {
    registration: {
      id: result.row.id,
      teamName: result.row.teamName,
      teamSize: result.row.teamSize,
      createdAt: result.row.createdAt.toISOString(),
    },
    placesLeft: result.placesLeft,
  };
}

export async function cancelRegistration(services: Svc, viewer: Viewer, { id }: { id: string }) {
  const { eventId, key } = parseOccurrenceId(id);
  if (
    !(await deleteRegistration(services.db, { clubId: viewer.clubId, eventId, key, userId: viewer.userId }))
  ) {
    throw notFound('Your sign-up');
  }
}

export async function occurrenceRegistrations(services: Svc, viewer: Viewer, { id }: { id: string }) {
  const { event, o } = await resolveOccurrence(services, { clubId: viewer.clubId, id });
  const rows = await listRegistrations(services.db, { clubId: viewer.clubId, eventId: event.id, key: o.key });
  const registrations: Registration[] = rows.map((r) => ({
    id: r.id,
    occurrenceId: o.id,
    name: r.name,
    email: r.email,
    teamName: r.teamName,
    teamSize: r.teamSize,
    createdAt: r.createdAt.toISOString(),
  }));
  return {
    registrations,
    capacity: event.capacity,
    placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - rows.length),
  };
}

export async function getEventSettings(services: Svc, viewer: Viewer): Promise<EventSettings> {
  return findSettings(services.db, { clubId: viewer.clubId });
}

export async function putEventSettings(
  services: Svc,
  viewer: Viewer,
  input: EventSettings,
): Promise<EventSettings> {
  await saveSettings(services.db, { clubId: viewer.clubId, showMatches: input.showMatches });
  return findSettings(services.db, { clubId: viewer.clubId });
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
  if ((await findSettings(services.db, { clubId: club.id })).showMatches) {
    const now = services.clock.now().getTime();
    const matches = await listMatchesInRange(services.db, {
      from: new Date(now - 7 * DAY_MS),
      to: new Date(now + 120 * DAY_MS),
    });
    for (const m of matches) addMatch(cal, matchView(m), opts);
  }
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
