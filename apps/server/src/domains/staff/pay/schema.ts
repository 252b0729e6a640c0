import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';

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
