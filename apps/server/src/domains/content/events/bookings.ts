import type { PhoneBookingInput, Registration, RegistrationInput, WaitlistInput } from '@lastman/api';
import { londonDateTime } from '@lastman/api/format';
import type { z } from 'zod';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { notify } from '../../notifications/index.ts';
import { confirmationEmail, promotedEmail, removedEmail } from './emails.ts';
import {
  MATCH_PREFIX,
  myRegistrationView,
  type Promoting,
  resolveOccurrence,
  type Svc,
} from './event-views.ts';
import { EVENTS_KIND, occurrenceLink } from './kind.ts';
import { findOccurrence, type Occurrence, parseOccurrenceId } from './occurrences.ts';
import {
  countRegistrations,
  deleteRegistration,
  deleteRegistrationById,
  deleteWaitlistEntry,
  type EventWithExceptions,
  findEvent,
  findRegistration,
  findWaitlistEntry,
  insertRegistration,
  insertWaitlistEntry,
  listRegistrations,
  listWaitlist,
} from './queries.ts';

// ---- Bookings and the waiting list ----

const placesWord = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/** Someone the waiting list booked in, to be told once the transaction has committed. */
export interface Promotion {
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
export async function promoteWaitlist(
  tx: Services['db'],
  services: Pick<Services, 'clock' | 'registries'>,
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
      { db: tx, clock: services.clock, registries: services.registries },
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
export function tellPromoted(
  services: Pick<Services, 'config' | 'mailer' | 'notifier'>,
  promoted: Promotion[],
) {
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
  services: Pick<Services, 'db' | 'config' | 'clock' | 'mailer' | 'notifier' | 'registries'>,
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
      { db: tx, clock: services.clock, registries: services.registries },
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
        { db: tx, clock: services.clock, registries: services.registries },
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
