import type { ClubEvent, EventExceptionInput, EventInput, EventPatch } from '@lastman/api';
import type { z } from 'zod';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { processImage } from '../../../lib/images.ts';
import { storageKey } from '../../../lib/storage.ts';
import type { Services } from '../../../services.ts';
import { type Promotion, promoteWaitlist, tellPromoted } from './bookings.ts';
import { DAY_MS, type Promoting, type Svc, toClubEvent } from './event-views.ts';
import { findOccurrence, isSeriesDate, normaliseRecurrence } from './occurrences.ts';
import {
  deleteEvent,
  deleteException,
  findEvent,
  insertEvent,
  listAllEvents,
  updateEvent,
  upsertException,
  waitlistKeys,
} from './queries.ts';

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
