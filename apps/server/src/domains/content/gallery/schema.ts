import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn, clubs } from '../../club/schema.ts';

export const galleryAlbums = pgTable(
  'gallery_albums',
  {
    id: id(),
    clubId: clubIdColumn(),
    title: text('title').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('gallery_albums_club_idx').on(t.clubId, t.createdAt)],
);

/** A photo as stored: its two files' storage keys (lib/storage.ts), never the upload itself. */
export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: id(),
    clubId: clubIdColumn(),
    albumId: text('album_id').references(() => galleryAlbums.id, { onDelete: 'set null' }),
    caption: text('caption'),
    displayKey: text('display_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gallery_photos_club_idx').on(t.clubId, t.createdAt),
    index('gallery_photos_club_album_idx').on(t.clubId, t.albumId, t.createdAt),
  ],
);

/** One row per club that changed the defaults. */
export const gallerySettings = pgTable('gallery_settings', {
  clubId: text('club_id')
    .primaryKey()
    .references(() => clubs.id),
  staffCanUpload: boolean('staff_can_upload').notNull().default(false),
});
