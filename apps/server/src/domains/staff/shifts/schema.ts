import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';

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
