import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles, user } from './accounts.ts';
import { clubIdColumn } from './clubs.ts';
import { createdAt, id } from './columns.ts';

/**
 * A person's membership of a club, with their role there (docs/decisions/018). Removing a member
 * deletes this row only: their entries and orders stay, as the records the law requires.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roles }).notNull().default('player'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_club_user_idx').on(t.clubId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

/** A single-use link that makes whoever opens it (signed in) a member with the role. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    clubId: clubIdColumn(),
    /** sha256 of the token in the link: the link itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    role: text('role', { enum: roles }).notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: text('used_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_club_idx').on(t.clubId)],
);
