import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../../db/schema/columns.ts';
import { user } from '../schema.ts';

/** A user's profile photo, kept in the database so that an install is one folder (or one database). */
export const userPhotos = pgTable('user_photos', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
