import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { clubs } from './clubs.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres reads a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A user's profile photo, kept in the database so that an install is one folder (or one database). */
export const userPhotos = pgTable('user_photos', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A club's logo, re-encoded like the profile photos (features/clubs/logo). */
export const clubLogos = pgTable('club_logos', {
  clubId: text('club_id')
    .primaryKey()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
