import { z } from 'zod';
import { oneLineText, plainText, requiredName } from './common.ts';
import { EVENT_LIMITS } from './rules.ts';

const Instant = z.iso.datetime({
  offset: true,
  error: 'must be a date and time as ISO 8601, e.g. 2026-11-26T20:00:00Z',
});

/**
 * One RFC 5545 recurrence rule, as "RRULE:FREQ=WEEKLY;BYDAY=TH" (the "RRULE:" prefix optional). The
 * server checks it further with the rrule library: the parts it takes are FREQ, INTERVAL, COUNT,
 * UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS and WKST (the time of day comes from startsAt).
 */
export const Recurrence = z
  .string()
  .max(EVENT_LIMITS.recurrenceMax)
  .regex(
    /^(RRULE:)?FREQ=[A-Z]+(;[A-Z]+=[A-Za-z0-9,+\-:]+)*$/,
    'must be a recurrence rule such as RRULE:FREQ=WEEKLY;BYDAY=TH',
  );

/** An occurrence's id: the event's id, or `<event id>_<original start as yyyymmddThhmmssZ>`, or `match_<fixture id>`. */
export const OccurrenceId = z
  .string()
  .max(120)
  .regex(
    /^(match_)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_\d{8}T\d{6}Z)?$/i,
    'must be an event id as the API gives it',
  );

export const EventInput = z
  .object({
    title: requiredName(EVENT_LIMITS.titleMax),
    description: plainText(EVENT_LIMITS.descriptionMax).default(''),
    startsAt: Instant,
    endsAt: Instant,
    place: oneLineText(EVENT_LIMITS.placeMax).default(''),
    recurrence: Recurrence.nullable().default(null),
    capacity: z.int().min(1).max(EVENT_LIMITS.capacityMax).nullable().default(null),
    ticketUrl: z
      .url({ protocol: /^https?$/, error: 'must be a web address (https://…)' })
      .max(500)
      .nullable()
      .default(null),
    /** Sign-ups name a team and its size (a quiz); a team is one place whatever its size. */
    teams: z.boolean().default(false),
  })
  .strict();
export type EventInput = z.input<typeof EventInput>;

export const EventPatch = z
  .object({
    title: requiredName(EVENT_LIMITS.titleMax).optional(),
    description: plainText(EVENT_LIMITS.descriptionMax).optional(),
    startsAt: Instant.optional(),
    endsAt: Instant.optional(),
    place: oneLineText(EVENT_LIMITS.placeMax).optional(),
    recurrence: Recurrence.nullable().optional(),
    capacity: z.int().min(1).max(EVENT_LIMITS.capacityMax).nullable().optional(),
    ticketUrl: z
      .url({ protocol: /^https?$/, error: 'must be a web address (https://…)' })
      .max(500)
      .nullable()
      .optional(),
    teams: z.boolean().optional(),
  })
  .strict();
export type EventPatch = z.infer<typeof EventPatch>;

/** One date of a series cancelled, or moved to another time (RFC 5545 EXDATE / RECURRENCE-ID). */
export const EventExceptionInput = z
  .object({
    /** The start of the date as the series gives it (its original start). */
    originalStartsAt: Instant,
    cancelled: z.boolean(),
    startsAt: Instant.optional(),
    endsAt: Instant.optional(),
  })
  .strict();
export type EventExceptionInput = z.infer<typeof EventExceptionInput>;

export const EventException = z
  .object({
    id: z.string(),
    originalStartsAt: z.string(),
    cancelled: z.boolean(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
  })
  .meta({ id: 'EventException' });
export type EventException = z.infer<typeof EventException>;

/** An event as the admin made it: a single date, or a series with its exceptions. */
export const ClubEvent = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    place: z.string(),
    recurrence: z.string().nullable(),
    capacity: z.int().nullable(),
    ticketUrl: z.string().nullable(),
    teams: z.boolean(),
    imageUrl: z.string().nullable(),
    cancelled: z.boolean(),
    exceptions: z.array(EventException),
  })
  .meta({ id: 'ClubEvent' });
export type ClubEvent = z.infer<typeof ClubEvent>;
export const ClubEventResponse = z.object({ event: ClubEvent });
export const ClubEventList = z.object({ events: z.array(ClubEvent) });
export type ClubEventList = z.infer<typeof ClubEventList>;

/** One date on the calendar: a single event, one date of a series, or a match on the big screen. */
export const EventOccurrence = z
  .object({
    id: z.string(),
    /** The series (or single event) it belongs to; null for a match. */
    seriesId: z.string().nullable(),
    kind: z.enum(['event', 'match']),
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    place: z.string(),
    capacity: z.int().nullable(),
    placesLeft: z.int().nullable(),
    /** Moved from its usual time (the series' original start), or null. */
    movedFrom: z.string().nullable(),
    teams: z.boolean(),
  })
  .meta({ id: 'EventOccurrence' });
export type EventOccurrence = z.infer<typeof EventOccurrence>;
export const EventOccurrenceList = z.object({ events: z.array(EventOccurrence) });
export type EventOccurrenceList = z.infer<typeof EventOccurrenceList>;

export const EventsQuery = z
  .object({
    from: Instant,
    to: Instant,
    club: z.string().max(100).optional(),
  })
  .strict();

export const MyRegistration = z
  .object({
    id: z.string(),
    teamName: z.string().nullable(),
    teamSize: z.int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MyRegistration' });

export const EventOccurrenceDetail = EventOccurrence.extend({
  description: z.string(),
  ticketUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The signed-in member's sign-up for this date, if any. */
  myRegistration: MyRegistration.nullable(),
}).meta({ id: 'EventOccurrenceDetail' });
export type EventOccurrenceDetail = z.infer<typeof EventOccurrenceDetail>;
export const EventOccurrenceDetailResponse = z.object({ event: EventOccurrenceDetail });

export const RegistrationInput = z
  .object({
    teamName: requiredName(EVENT_LIMITS.teamNameMax).optional(),
    teamSize: z.int().min(1).max(EVENT_LIMITS.teamSizeMax).optional(),
  })
  .strict();
export type RegistrationInput = z.infer<typeof RegistrationInput>;

export const Registration = z
  .object({
    id: z.string(),
    occurrenceId: z.string(),
    name: z.string(),
    email: z.string(),
    teamName: z.string().nullable(),
    teamSize: z.int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'EventRegistration' });
export type Registration = z.infer<typeof Registration>;
export const RegistrationResponse = z.object({
  registration: MyRegistration,
  placesLeft: z.int().nullable(),
});
export const RegistrationList = z.object({
  registrations: z.array(Registration),
  capacity: z.int().nullable(),
  placesLeft: z.int().nullable(),
});
export type RegistrationList = z.infer<typeof RegistrationList>;

export const EventSettings = z
  .object({
    /** Premier League fixtures the app holds appear as events ("live on the big screen"). */
    showMatches: z.boolean(),
  })
  .strict()
  .meta({ id: 'EventSettings' });
export type EventSettings = z.infer<typeof EventSettings>;
