import { pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/schema/columns.ts';
import { entries } from '../schema.ts';

export const reminderKinds = ['24h', '2h', 'last-call'] as const;

/** The exactly-once key of a pick reminder: one row per entry, round and reminder, whoever sends it. */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    // The entry's club, with no foreign key of its own: the entry's key already holds the row to an
    // entry of an existing club (clubs are closed, never deleted), and each key is a check per row
    // that every club's reminders pay at once (docs/decisions/025-settlement-in-place-and-three-round-trip-picks.md).
    clubId: text('club_id').notNull(),
    entryId: text('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    round: smallint('round').notNull(),
    reminder: text('reminder', { enum: reminderKinds }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_sends_key_idx').on(t.entryId, t.round, t.reminder)],
);
