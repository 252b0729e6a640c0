import { z } from 'zod';
import { Id, oneLineText, PhoneNumber, plainText, requiredName } from '../common.ts';
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

/** What one place costs, in pence: null or 0 is free. */
const PricePence = z
  .int('must be a whole number of pence')
  .min(0, 'must not be negative')
  .max(EVENT_LIMITS.priceMaxPence, `must be at most £${EVENT_LIMITS.priceMaxPence / 100} a place`);

export const EventInput = z
  .object({
    title: requiredName(EVENT_LIMITS.titleMax),
    description: plainText(EVENT_LIMITS.descriptionMax).default(''),
    startsAt: Instant,
    endsAt: Instant,
    place: oneLineText(EVENT_LIMITS.placeMax).default(''),
    recurrence: Recurrence.nullable().default(null),
    capacity: z.int().min(1).max(EVENT_LIMITS.capacityMax).nullable().default(null),
    pricePence: PricePence.nullable().default(null),
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
    pricePence: PricePence.nullable().optional(),
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
    /** What one place costs, in pence; 0 is free. */
    pricePence: z.int(),
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
    /** What one place costs, in pence; 0 is free (and always for a match). */
    pricePence: z.int(),
    /** Moved from its usual time (the series' original start), or null. */
    movedFrom: z.string().nullable(),
    teams: z.boolean(),
    /** The places the signed-in member has booked on this date ("You're going"), or null. */
    myPlaces: z.int().nullable(),
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
    places: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'MyRegistration' });

/** The member's place on the waiting list of a full date: 1 is next in line. */
export const MyWaitlistEntry = z
  .object({
    id: z.string(),
    places: z.int(),
    position: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'MyWaitlistEntry' });
export type MyWaitlistEntry = z.infer<typeof MyWaitlistEntry>;

export const EventOccurrenceDetail = EventOccurrence.extend({
  description: z.string(),
  ticketUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The signed-in member's sign-up for this date, if any. */
  myRegistration: MyRegistration.nullable(),
  /** The signed-in member's entry on the waiting list of this date, if any. */
  myWaitlist: MyWaitlistEntry.nullable(),
  /** How many are waiting for this date. */
  waitlistLength: z.int(),
}).meta({ id: 'EventOccurrenceDetail' });
export type EventOccurrenceDetail = z.infer<typeof EventOccurrenceDetail>;
export const EventOccurrenceDetailResponse = z.object({ event: EventOccurrenceDetail });

const Places = z
  .int('must be a whole number of places')
  .min(1, 'must be at least 1 place')
  .max(EVENT_LIMITS.placesMax, `must be at most ${EVENT_LIMITS.placesMax} places in one booking`);

export const RegistrationInput = z
  .object({
    /** How many places (a table for two is 2); a team always takes one. */
    places: Places.default(1),
    teamName: requiredName(EVENT_LIMITS.teamNameMax).optional(),
    teamSize: z.int().min(1).max(EVENT_LIMITS.teamSizeMax).optional(),
  })
  .strict();
export type RegistrationInput = z.input<typeof RegistrationInput>;

export const WaitlistInput = z.object({ places: Places.default(1) }).strict();
export type WaitlistInput = z.input<typeof WaitlistInput>;
export const WaitlistResponse = z.object({ entry: MyWaitlistEntry });

/** A booking the admin takes by phone, for someone with no account. */
export const PhoneBookingInput = z
  .object({
    name: requiredName(EVENT_LIMITS.teamNameMax),
    phone: PhoneNumber.nullable().default(null),
    places: Places.default(1),
  })
  .strict();
export type PhoneBookingInput = z.input<typeof PhoneBookingInput>;

export const RegistrationParams = z.object({ id: OccurrenceId, registrationId: Id });

export const Registration = z
  .object({
    id: z.string(),
    occurrenceId: z.string(),
    name: z.string(),
    /** Empty for a phone booking. */
    email: z.string(),
    /** A booking the admin took by phone, for someone with no account. */
    byPhone: z.boolean(),
    phone: z.string().nullable(),
    places: z.int(),
    teamName: z.string().nullable(),
    teamSize: z.int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'EventRegistration' });

export const WaitlistEntry = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    places: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'EventWaitlistEntry' });
export type WaitlistEntry = z.infer<typeof WaitlistEntry>;
export type Registration = z.infer<typeof Registration>;
export const RegistrationResponse = z.object({
  registration: MyRegistration,
  placesLeft: z.int().nullable(),
});
export const RegistrationList = z.object({
  registrations: z.array(Registration),
  waitlist: z.array(WaitlistEntry),
  /** Places booked, all bookings together. */
  placesTaken: z.int(),
  capacity: z.int().nullable(),
  placesLeft: z.int().nullable(),
});
export const PhoneBookingResponse = z.object({ registration: Registration, placesLeft: z.int().nullable() });
export type RegistrationList = z.infer<typeof RegistrationList>;

/** A Premier League match the admin may pick for the big screen. */
export const ScreenMatch = z
  .object({
    fixtureId: z.string(),
    title: z.string(),
    kickoffAt: z.string(),
    kickoffTbc: z.boolean(),
    /** Chosen to show on the big screen. */
    chosen: z.boolean(),
    /** A Saturday 14:45–17:15 UK kick-off: no UK pub may show it (the 3 pm blackout). */
    blackout: z.boolean(),
  })
  .meta({ id: 'ScreenMatch' });
export type ScreenMatch = z.infer<typeof ScreenMatch>;
export const ScreenMatchList = z.object({ matches: z.array(ScreenMatch) });
export type ScreenMatchList = z.infer<typeof ScreenMatchList>;
export const ScreenMatchQuery = z.object({ from: Instant, to: Instant }).strict();
export const ScreenMatchParams = z.object({ fixtureId: Id });
