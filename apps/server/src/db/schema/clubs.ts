import type { OpeningHours } from '@lastman/api';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const clubs = pgTable('clubs', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  primaryColor: text('primary_color').notNull().default('#b71c1c'),
  secondaryColor: text('secondary_color').notNull().default('#1b5e20'),
  logoUrl: text('logo_url'),
  joinCode: text('join_code').notNull().unique(),
  createdAt: createdAt(),
  // Club details (issue 12), shown on the Club tab.
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
