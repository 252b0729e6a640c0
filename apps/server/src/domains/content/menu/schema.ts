import type { Allergen, DietaryFlag, MenuGuestsSee } from '@lastman/api/content/rules';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { clubIdColumn, clubs } from '../../club/schema.ts';

/** A section of the club's menu (Starters, Mains, Drinks), in the admin's order. */
export const menuCategories = pgTable(
  'menu_categories',
  {
    id: id(),
    clubId: clubIdColumn(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('menu_categories_club_idx').on(t.clubId, t.position)],
);

/** A dish or drink: one allergen record drives the menu screen and the PDF alike. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    clubId: clubIdColumn(),
    categoryId: text('category_id')
      .notNull()
      .references(() => menuCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    pricePence: integer('price_pence').notNull(),
    allergens: text('allergens').array().$type<Allergen[]>().notNull().default(sql`'{}'`),
    mayContain: text('may_contain').array().$type<Allergen[]>().notNull().default(sql`'{}'`),
    dietary: text('dietary').array().$type<DietaryFlag[]>().notNull().default(sql`'{}'`),
    calories: integer('calories'),
    available: boolean('available').notNull().default(true),
    allergensCheckedOn: date('allergens_checked_on', { mode: 'string' }).notNull(),
    /** The dish's picture in the storage (lib/storage.ts): display size and thumbnail, WebP. */
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('menu_items_club_idx').on(t.clubId, t.categoryId, t.position),
    check('menu_items_price_check', sql`${t.pricePence} >= 0`),
  ],
);

/** A club's own menu PDF, when it uploads one besides the one made from its items. */
export const menuPdfs = pgTable(
  'menu_pdfs',
  {
    clubId: text('club_id')
      .primaryKey()
      .references(() => clubs.id),
    /** The PDF in the storage (lib/storage.ts). */
    fileKey: text('file_key').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * Which menu guests see: 'menu' (the items, and the PDF made from them), 'pdf' (this file
     * alone) or 'both', labelled. An upload replaced the PDF made from the items before this
     * choice existed, so a first upload (and every earlier one) shows the PDF alone.
     */
    guestsSee: text('guests_see').$type<MenuGuestsSee>().notNull().default('pdf'),
  },
  (t) => [check('menu_pdfs_guests_see_check', sql`${t.guestsSee} in ('menu', 'pdf', 'both')`)],
);
