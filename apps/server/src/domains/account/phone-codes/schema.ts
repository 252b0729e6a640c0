import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { clubIdColumn } from '../../club/schema.ts';
import { user } from '../schema.ts';

/**
 * A 6-digit code sent by SMS: to confirm a number ('verify') or to sign in with it ('sign-in').
 * Only its HMAC is kept; a code is used once, and locks after too many wrong tries.
 */
export const phoneCodes = pgTable(
  'phone_code',
  {
    id: id(),
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    purpose: text('purpose', { enum: ['verify', 'sign-in'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_code_club_idx').on(t.clubId),
    index('phone_code_number_idx').on(t.phoneNumber, t.purpose),
    check('phone_code_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
