import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';
import { clockEntries } from '../clock/schema.ts';

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
