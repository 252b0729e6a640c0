import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { roles, user } from '../../account/schema.ts';
import { clubIdColumn } from '../schema.ts';

export const invitationChannels = ['link', 'email', 'sms'] as const;

/**
 * A person's membership of a club, with their role there
 * (docs/decisions/019-memberships-and-the-acting-club.md). Removing a member deletes this row only:
 * their entries and orders stay, as the records the law requires.
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

/**
 * A single-use link that makes whoever opens it (signed in) a member with the role. Made to share by
 * hand (`link`), or sent by the server to an email address or a phone number (`sentTo`); sending it
 * again gives it a new token (only the hash is kept), so the last link sent is the one that works.
 */
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
    channel: text('channel', { enum: invitationChannels }).notNull().default('link'),
    /** The email address or the number (E.164) it was sent to; null for a link to share. */
    sentTo: text('sent_to'),
    /** When it was last sent (made, for a link). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Withdrawn by an admin: the link no longer works. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_club_idx').on(t.clubId)],
);
