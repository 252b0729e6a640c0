import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';
import { shifts } from '../shifts/schema.ts';

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
