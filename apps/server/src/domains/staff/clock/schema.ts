import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';
import { shifts } from '../shifts/schema.ts';

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
