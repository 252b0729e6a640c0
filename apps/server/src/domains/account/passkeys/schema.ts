import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../schema.ts';

/** A WebAuthn credential (a passkey) registered by a user; its public key signs them in. */
export const passkeys = pgTable(
  'passkey',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The credential id, base64url, as the authenticator returns it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_user_idx').on(t.userId)],
);

/** A challenge handed out for one registration or sign-in ceremony; used once, short-lived. */
export const webauthnChallenges = pgTable('webauthn_challenge', {
  id: id(),
  /** Set for a registration (the signed-in user); null for a sign-in. */
  userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
