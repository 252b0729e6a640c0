import { z } from 'zod';
import { Id, requiredName } from '../common.ts';
import { GALLERY_LIMITS } from './rules.ts';

/** A photo in a club's gallery: the display size and a square thumbnail, both WebP. */
export const GalleryPhoto = z
  .object({
    id: z.string(),
    url: z.string(),
    thumbnailUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    caption: z.string().nullable(),
    albumId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'GalleryPhoto' });
export type GalleryPhoto = z.infer<typeof GalleryPhoto>;

export const GalleryPhotoList = z.object({ photos: z.array(GalleryPhoto) }).meta({ id: 'GalleryPhotoList' });
export type GalleryPhotoList = z.infer<typeof GalleryPhotoList>;

export const GalleryPhotoCreated = z.object({ photo: GalleryPhoto });
export type GalleryPhotoCreated = z.infer<typeof GalleryPhotoCreated>;

export const GalleryPhotoQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(GALLERY_LIMITS.pageMax).default(GALLERY_LIMITS.pageDefault),
    album: Id.optional(),
    club: z.string().max(100).optional(),
  })
  .strict();

export const GalleryClubQuery = z.object({ club: z.string().max(100).optional() }).strict();

/** Where an upload goes: an album (optional) and a caption (optional). */
export const GalleryUploadQuery = z
  .object({
    albumId: Id.optional(),
    caption: z.string().max(GALLERY_LIMITS.captionMax).trim().optional(),
  })
  .strict();

export const GalleryPhotoUpdate = z
  .object({
    caption: z.string().max(GALLERY_LIMITS.captionMax).trim().nullable().optional(),
    albumId: Id.nullable().optional(),
  })
  .strict();
export type GalleryPhotoUpdate = z.infer<typeof GalleryPhotoUpdate>;

export const GalleryAlbum = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    photoCount: z.number().int(),
    coverThumbnailUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'GalleryAlbum' });
export type GalleryAlbum = z.infer<typeof GalleryAlbum>;

export const GalleryAlbumList = z.object({ albums: z.array(GalleryAlbum) }).meta({ id: 'GalleryAlbumList' });
export type GalleryAlbumList = z.infer<typeof GalleryAlbumList>;

export const GalleryAlbumInput = z
  .object({
    title: requiredName(GALLERY_LIMITS.albumTitleMax),
    description: z.string().max(GALLERY_LIMITS.albumDescriptionMax).trim().nullable().optional(),
  })
  .strict();
export type GalleryAlbumInput = z.infer<typeof GalleryAlbumInput>;

/** The club's gallery settings: whether staff (not only admins) may upload and edit photos. */
export const GallerySettings = z
  .object({ staffCanUpload: z.boolean() })
  .strict()
  .meta({ id: 'GallerySettings' });
export type GallerySettings = z.infer<typeof GallerySettings>;

/** What the signed-in viewer may do in the gallery, for the web app to show the right buttons. */
export const GalleryAbilities = z.object({ canUpload: z.boolean(), settings: GallerySettings });
export type GalleryAbilities = z.infer<typeof GalleryAbilities>;
