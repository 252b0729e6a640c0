import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';
import { fixtures } from '../../game/football/schema.ts';

/**
 * A club's event: one date, or a series when `recurrence` holds an RFC 5545 RRULE, whose first date
 * is starts_at (UTC; the rule is expanded in London wall-clock time, so 20:00 stays 20:00 in summer).
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    clubId: clubIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    place: text('place').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    recurrence: text('recurrence'),
    capacity: integer('capacity'),
    /** What one place costs, in pence; 0 is free. */
    pricePence: integer('price_pence').notNull().default(0),
    ticketUrl: text('ticket_url'),
    teams: boolean('teams').notNull().default(false),
    imageKey: text('image_key'),
    cancelled: boolean('cancelled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_club_idx').on(t.clubId, t.startsAt),
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_capacity_positive', sql`${t.capacity} IS NULL OR ${t.capacity} > 0`),
    check('events_price_not_negative', sql`${t.pricePence} >= 0`),
  ],
);

/**
 * One date of a series cancelled (EXDATE) or moved (RECURRENCE-ID), named by the start the series
 * gives it, so that the other dates are untouched.
 */
export const eventExceptions = pgTable(
  'event_exceptions',
  {
    id: id(),
    clubId: clubIdColumn(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    originalStartsAt: timestamp('original_starts_at', { withTimezone: true }).notNull(),
    cancelled: boolean('cancelled').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_exceptions_date_idx').on(t.eventId, t.originalStartsAt),
    index('event_exceptions_club_idx').on(t.clubId),
    check(
      'event_exceptions_moved_has_times',
      sql`${t.cancelled} OR (${t.startsAt} IS NOT NULL AND ${t.endsAt} IS NOT NULL AND ${t.endsAt} > ${t.startsAt})`,
    ),
  ],
);

/**
 * A booking for one date of an event: a member's, or one the admin took by phone (`user_id` null, a
 * `guest_name` and maybe a `guest_phone`). `places` is how many it holds (a table for two is one
 * booking of 2); capacity counts places. `occurrence_key` is '' for a single event and the date's
 * original start (yyyymmddThhmmssZ) in a series: the part of the occurrence id after the event's.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: id(),
    clubId: clubIdColumn(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceKey: text('occurrence_key').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    guestName: text('guest_name'),
    guestPhone: text('guest_phone'),
    places: smallint('places').notNull().default(1),
    teamName: text('team_name'),
    teamSize: smallint('team_size'),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLs are distinct: any number of phone bookings, one booking per member.
    uniqueIndex('event_registrations_one_each_idx').on(t.eventId, t.occurrenceKey, t.userId),
    index('event_registrations_club_idx').on(t.clubId, t.eventId, t.occurrenceKey),
    check('event_registrations_member_or_guest', sql`${t.userId} IS NOT NULL OR ${t.guestName} IS NOT NULL`),
    check('event_registrations_places_positive', sql`${t.places} > 0`),
  ],
);

/**
 * The waiting list of one date of a full event, first come first served: when places come free the
 * first entries that fit are booked in the same transaction.
 */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: id(),
    clubId: clubIdColumn(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceKey: text('occurrence_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    places: smallint('places').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_waitlist_one_each_idx').on(t.eventId, t.occurrenceKey, t.userId),
    index('event_waitlist_club_idx').on(t.clubId, t.eventId, t.occurrenceKey, t.createdAt),
    check('event_waitlist_places_positive', sql`${t.places} > 0`),
  ],
);

/**
 * The matches the club shows on its big screen, picked by the admin. The events list shows these and
 * no other fixture; a Saturday 3 pm blackout kick-off is never taken.
 */
export const eventScreenMatches = pgTable(
  'event_screen_matches',
  {
    clubId: clubIdColumn(),
    fixtureId: text('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.fixtureId] })],
);

export const eventReminderKinds = ['24h', '2h'] as const;

/**
 * The exactly-once key of an event reminder: one row per sign-up and reminder, whichever process
 * sends it. `starts_at` records the start it reminded of (a moved date's new time).
 */
export const eventReminderSends = pgTable(
  'event_reminder_sends',
  {
    clubId: clubIdColumn(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    reminder: text('reminder', { enum: eventReminderKinds }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('event_reminder_sends_key_idx').on(t.registrationId, t.reminder)],
);
