import type { OpeningHours } from '@lastman/api';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from '../../db/schema/columns.ts';

/** How a newcomer joins: with the club's code (in the poster's QR link), or by its link alone. */
export const joinPolicies = ['code', 'link'] as const;

/** A new club's colours, until its admin chooses its own. */
export const DEFAULT_PRIMARY_COLOR = '#b71c1c';
export const DEFAULT_SECONDARY_COLOR = '#1b5e20';

export const clubs = pgTable('clubs', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  primaryColor: text('primary_color').notNull().default(DEFAULT_PRIMARY_COLOR),
  secondaryColor: text('secondary_color').notNull().default(DEFAULT_SECONDARY_COLOR),
  logoUrl: text('logo_url'),
  joinCode: text('join_code').notNull().unique(),
  joinPolicy: text('join_policy', { enum: joinPolicies }).notNull().default('link'),
  /** Set when its admin closed it: no one acts in it or joins it any more; its records stay. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdAt: createdAt(),
  // Club details, shown on the Club tab.
  address: text('address'),
  openingHours: jsonb('opening_hours').$type<OpeningHours>(),
  phone: text('phone'),
  contactEmail: text('contact_email'),
});

/** The club a row belongs to; every club's data is kept apart by it. */
export const clubIdColumn = () =>
  text('club_id')
    .notNull()
    .references(() => clubs.id);

/** A club's logo, re-encoded like the profile photos (account/profile). */
export const clubLogos = pgTable('club_logos', {
  clubId: text('club_id')
    .primaryKey()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
