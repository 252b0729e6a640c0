import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { clubIdColumn } from './clubs.ts';
import { createdAt, id, updatedAt } from './columns.ts';

export const shiftStatuses = ['draft', 'published'] as const;

/**
 * A shift on the club's rota. Two shifts of one person never overlap, drafts included: the
 * database refuses it (an exclusion constraint, in the hand-written migration 0007_shift_overlap).
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

/** A staff member's hourly rate, seen only by admins. */
export const staffPayRates = pgTable(
  'staff_pay_rates',
  {
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    hourlyRatePence: integer('hourly_rate_pence').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    check('pay_rate_positive', sql`${t.hourlyRatePence} >= 0`),
  ],
);
