import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';

/**
 * A TV screen at the club (a smart TV's browser, a laptop on an HDMI cable). It starts pending: its
 * page shows a short pairing code, kept only as a hash, until an admin of the club enters it. The
 * device proves itself by a long random token in an HttpOnly cookie, also kept only as a hash.
 * Revoked, it is never reused: the device asks for a new code.
 */
export const clubScreens = pgTable(
  'club_screens',
  {
    id: id(),
    clubId: clubIdColumn(),
    name: text('name').notNull().default(''),
    deviceTokenHash: text('device_token_hash').notNull().unique(),
    /** The pending screen's current code (hash) and its expiry; cleared once paired. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    pairedBy: text('paired_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('club_screens_club_idx').on(t.clubId, t.pairedAt),
    // A code names one pending screen of the club at a time.
    uniqueIndex('club_screens_club_code_idx').on(t.clubId, t.codeHash).where(sql`${t.codeHash} IS NOT NULL`),
  ],
);
