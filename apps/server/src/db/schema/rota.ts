import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from '../../domains/account/schema.ts';
import { clubIdColumn } from '../../domains/club/schema.ts';
import { createdAt, id, updatedAt } from './columns.ts';

export const shiftStatuses = ['draft', 'published'] as const;

/**
 * A shift on the club's rota. Two shifts of one person never overlap, drafts included: the
 * database refuses it (an exclusion constraint, in the hand-written migration 0008_shift_overlap).
 */
export const shifts = pgTable(
  'shifts',
  {
    id: id(),
    clubId: clubIdColumn(),
    /** null: an open shift, for any staff member to claim. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    position: text('position').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    notes: text('notes'),
    status: text('status', { enum: shiftStatuses }).notNull().default('draft'),
    overrideReason: text('override_reason'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shifts_club_starts_idx').on(t.clubId, t.startsAt),
    index('shifts_user_starts_idx').on(t.userId, t.startsAt),
    check('shifts_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('shifts_break_minutes', sql`${t.breakMinutes} >= 0`),
  ],
);

/** Per staff member: the hourly rate (seen only by admins) and whether they may clock in without the till's code. */
export const staffSettings = pgTable(
  'staff_settings',
  {
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clockWithoutCode: boolean('clock_without_code').notNull().default(false),
    /** The person's employee number in the club's payroll software (Sage 50's import needs it). */
    payrollNumber: text('payroll_number'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    uniqueIndex('staff_settings_payroll_number_idx')
      .on(t.clubId, t.payrollNumber)
      .where(sql`${t.payrollNumber} is not null`),
  ],
);

/**
 * A person's own hourly rate from a London day on, until their next change (null: from that day
 * they are paid their position's rate). Past hours keep the rate of their day.
 */
export const staffPayRates = pgTable(
  'staff_pay_rates',
  {
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    hourlyRatePence: integer('hourly_rate_pence'),
    setBy: text('set_by').references(() => user.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId, t.effectiveFrom] }),
    check('staff_pay_rates_positive', sql`${t.hourlyRatePence} >= 0`),
  ],
);

/** A device behind the bar that shows the clock-in code; its key is kept only as a hash. */
export const clockTills = pgTable(
  'clock_tills',
  {
    id: id(),
    clubId: clubIdColumn(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('clock_tills_club_idx').on(t.clubId)],
);

export const clockFlags = ['no_shift_near', 'auto_closed', 'without_code'] as const;

/** A clock-in and its clock-out; at most one open (no clock-out yet) per person, held by the database. */
export const clockEntries = pgTable(
  'clock_entries',
  {
    id: id(),
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    shiftId: text('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    clockInAt: timestamp('clock_in_at', { withTimezone: true }).notNull(),
    clockOutAt: timestamp('clock_out_at', { withTimezone: true }),
    /** Minutes of breaks already ended; a break under way started at `breakStartedAt`. */
    breakMinutes: integer('break_minutes').notNull().default(0),
    breakStartedAt: timestamp('break_started_at', { withTimezone: true }),
    flags: text('flags', { enum: clockFlags }).array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clock_entries_one_open').on(t.userId).where(sql`${t.clockOutAt} is null`),
    index('clock_entries_club_in_idx').on(t.clubId, t.clockInAt),
    check('clock_entries_out_after_in', sql`${t.clockOutAt} is null or ${t.clockOutAt} >= ${t.clockInAt}`),
  ],
);

/** An admin's approval of one person's London week (Monday `weekStart`): the week is locked until reopened. */
export const timesheetApprovals = pgTable(
  'timesheet_approvals',
  {
    id: id(),
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('timesheet_approvals_one').on(t.clubId, t.userId, t.weekStart)],
);

/** The clock-entry fields an admin corrects, as kept before and after each correction. */
export interface ClockEntryValues {
  clockInAt: string;
  clockOutAt: string | null;
  breakMinutes: number;
}

/** Every admin correction of a clock entry (or an entry an admin added: `before` is null), never edited. */
export const clockEntryCorrections = pgTable(
  'clock_entry_corrections',
  {
    id: id(),
    clubId: clubIdColumn(),
    entryId: text('entry_id')
      .notNull()
      .references(() => clockEntries.id, { onDelete: 'cascade' }),
    correctedBy: text('corrected_by').references(() => user.id, { onDelete: 'set null' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<ClockEntryValues>(),
    after: jsonb('after').$type<ClockEntryValues>().notNull(),
  },
  (t) => [index('clock_entry_corrections_entry_idx').on(t.clubId, t.entryId)],
);
