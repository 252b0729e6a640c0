import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../../domains/account/schema.ts';
import { clubIdColumn } from '../../domains/club/schema.ts';
import { createdAt, id } from './columns.ts';
import { shifts } from './rota.ts';

/** A named shift pattern an admin reuses: London times of day, so 18:00 stays 18:00 across clock changes. */
export const shiftTemplates = pgTable(
  'shift_templates',
  {
    id: id(),
    clubId: clubIdColumn(),
    name: text('name').notNull(),
    position: text('position').notNull(),
    /** HH:MM, London time; an end at or before the start is on the next day. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('shift_templates_club_idx').on(t.clubId, t.name)],
);

export const absenceKinds = ['leave', 'unavailable'] as const;
export const absenceStatuses = ['pending', 'approved', 'refused'] as const;

/**
 * Time a staff member cannot work: unavailability (noted, no approval) or leave (asked for, then
 * approved or refused by an admin). Approved leave draws `leaveMinutes` on the holiday balance.
 */
export const staffAbsences = pgTable(
  'staff_absences',
  {
    id: id(),
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: absenceKinds }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    leaveMinutes: integer('leave_minutes').notNull().default(0),
    status: text('status', { enum: absenceStatuses }).notNull(),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_absences_club_starts_idx').on(t.clubId, t.startsAt),
    index('staff_absences_user_idx').on(t.userId, t.startsAt),
    check('staff_absences_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('staff_absences_leave_minutes', sql`${t.leaveMinutes} >= 0`),
  ],
);

export const swapStatuses = ['offered', 'accepted', 'approved', 'declined', 'refused', 'withdrawn'] as const;

/**
 * A staff member offers their shift to a colleague (or a swap for one of the colleague's shifts): the
 * colleague accepts, then an admin approves, and only then do the shifts change hands.
 */
export const shiftSwaps = pgTable(
  'shift_swaps',
  {
    id: id(),
    clubId: clubIdColumn(),
    shiftId: text('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** null: offered to anyone on the staff; the first to take it is written here. */
    toUserId: text('to_user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** The colleague's shift taken in exchange, for a swap; null for a plain offer. */
    otherShiftId: text('other_shift_id').references(() => shifts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: swapStatuses }).notNull().default('offered'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('shift_swaps_club_idx').on(t.clubId, t.status)],
);

/** One row per shift reminder sent: the claim that makes each reminder go once, whichever process runs. */
export const shiftReminderSends = pgTable(
  'shift_reminder_sends',
  {
    clubId: clubIdColumn(),
    shiftId: text('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    /** The start reminded of: a shift moved later is reminded again at its new time. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shiftId, t.startsAt] })],
);

/** The hourly rate of a position, used for a person who has no rate of their own. */
export const positionPayRates = pgTable(
  'position_pay_rates',
  {
    clubId: clubIdColumn(),
    position: text('position').notNull(),
    hourlyRatePence: integer('hourly_rate_pence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.position] }),
    check('position_pay_rates_positive', sql`${t.hourlyRatePence} >= 0`),
  ],
);
