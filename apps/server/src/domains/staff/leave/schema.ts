import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';

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
