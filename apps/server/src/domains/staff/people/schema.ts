import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';

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
