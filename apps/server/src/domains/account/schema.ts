import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/schema/columns.ts';
import { clubs } from '../club/schema.ts';

export const roles = ['player', 'staff', 'admin'] as const;
export type Role = (typeof roles)[number];

// A person belongs to any number of clubs, with a role in each: the memberships table
// (docs/decisions/019-memberships-and-the-acting-club.md, which replaces decision 002).

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phoneNumber: text('phone_number'),
    // Set once a code sent to phone_number was entered (features/phone-codes); only then may it sign in.
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /**
     * The club the person last acted in: a new session starts in it. Not a membership (see
     * memberships); null for a person in no club.
     */
    lastClubId: text('club_id').references(() => clubs.id),
    /**
     * Set for a name-only player: a regular without a phone whose entries the club records (paid in
     * cash) and picks for. No credentials, no membership, never signed in to (auth.ts refuses a session).
     */
    guestOfClubId: text('guest_of_club_id').references(() => clubs.id),
    /** No longer read: the role is the membership's. Kept until a migration drops it. */
    legacyRole: text('role', { enum: roles }).notNull().default('player'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_club_idx').on(t.lastClubId),
    // A verified number signs in to one account only.
    uniqueIndex('user_verified_phone_idx').on(t.phoneNumber).where(sql`${t.phoneNumberVerified}`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The club this session acts in (the club switcher sets it); null: the user's last club. */
    activeClubId: text('active_club_id').references(() => clubs.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);
