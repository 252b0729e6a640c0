import { pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/schema/columns.ts';
import { clubIdColumn } from '../../club/schema.ts';
import { entries } from '../schema.ts';

export const reminderKinds = ['24h', '2h', 'last-call'] as const;

/** The exactly-once key of a pick reminder: one row per entry, round and reminder, whoever sends it. */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    clubId: clubIdColumn(),
    entryId: text('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    round: smallint('round').notNull(),
    reminder: text('reminder', { enum: reminderKinds }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_sends_key_idx').on(t.entryId, t.round, t.reminder)],
);
