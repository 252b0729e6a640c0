import { randomUUID } from 'node:crypto';
import type {
  GalleryAbilities,
  GalleryAlbum,
  GalleryAlbumInput,
  GalleryPhoto,
  GalleryPhotoUpdate,
  GallerySettings,
} from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
import { processImage } from '../../../lib/images.ts';
import { fileUrl, storageKey } from '../../../lib/storage.ts';
import type { Services } from '../../../services.ts';
import { clubForViewer } from '../../club/index.ts';
import {
  deleteAlbumRow,
  deletePhotoRow,
  findAlbum,
  findPhoto,
  findSettings,
  insertAlbum,
  insertPhoto,
  listAlbums,
  listPhotos,
  type PhotoRow,
  saveSettings,
  updatePhoto,
} from './queries.ts';

type GalleryServices = Pick<Services, 'db' | 'config' | 'storage'>;

function toPhoto(publicUrl: string, row: PhotoRow): GalleryPhoto {
  return {
    id: row.id,
    url: fileUrl(publicUrl, row.displayKey),
    thumbnailUrl: fileUrl(publicUrl, row.thumbnailKey),
    width: row.width,
    height: row.height,
    caption: row.caption,
    albumId: row.albumId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A signed-in member sees their own club; a visitor the club of the link they came by. */
async function clubOf(services: GalleryServices, viewer: Viewer | null, slug: string | undefined) {
  return clubForViewer(services.db, {
    slug: viewer ? undefined : slug,
    userClubId: viewer?.clubId,
    defaultSlug: services.config.DEFAULT_CLUB,
  });
}

/** Admins manage the gallery; staff too when an admin allows it (the club's gallery setting). */
async function mayManage(services: GalleryServices, viewer: Viewer): Promise<boolean> {
  if (viewer.role === 'admin') return true;
  if (viewer.role !== 'staff') return false;
  return (await findSettings(services.db, { clubId: viewer.clubId })).staffCanUpload;
}

async function requireManager(services: GalleryServices, viewer: Viewer) {
  if (!(await mayManage(services, viewer))) {
    throw forbidden(
      "At this club only the admins manage the gallery: an admin can let staff upload in the gallery's settings.",
    );
  }
}

async function requireAlbum(services: GalleryServices, clubId: string, albumId: string) {
  const album = await findAlbum(services.db, { clubId, albumId });
  if (!album) throw notFound('This album');
  return album;
}

export async function listGalleryPhotos(
  services: GalleryServices,
  viewer: Viewer | null,
  input: { limit: number; album?: string | undefined; club?: string | undefined },
): Promise<GalleryPhoto[]> {
  const club = await clubOf(services, viewer, input.club);
  if (input.album) await requireAlbum(services, club.id, input.album);
  const rows = await listPhotos(services.db, { clubId: club.id, albumId: input.album, limit: input.limit });
  return rows.map((r) => toPhoto(services.config.PUBLIC_URL, r));
}

export async function listGalleryAlbums(
  services: GalleryServices,
  viewer: Viewer | null,
  input: { club?: string | undefined },
): Promise<GalleryAlbum[]> {
  const club = await clubOf(services, viewer, input.club);
  const rows = await listAlbums(services.db, { clubId: club.id });
  return rows.map(({ album, photoCount, coverKey }) => ({
    id: album.id,
    title: album.title,
    description: album.description,
    photoCount,
    coverThumbnailUrl: coverKey ? fileUrl(services.config.PUBLIC_URL, coverKey) : null,
    createdAt: album.createdAt.toISOString(),
  }));
}

export async function getGalleryAlbum(
  services: GalleryServices,
  viewer: Viewer | null,
  input: { albumId: string; club?: string | undefined },
): Promise<GalleryAlbum> {
  const club = await clubOf(services, viewer, input.club);
  const album = (await listGalleryAlbums(services, viewer, input)).find((a) => a.id === input.albumId);
  if (!album) {
    await requireAlbum(services, club.id, input.albumId);
    throw notFound('This album');
  }
  return album;
}

/**
 * Checks the upload from its bytes, stores its display size and thumbnail (no original, so no
 * metadata is kept anywhere), then records the photo. The files are removed again if the record fails.
 */
export async function uploadPhoto(
  services: GalleryServices,
  viewer: Viewer,
  input: { bytes: Buffer; albumId?: string | undefined; caption?: string | undefined },
): Promise<GalleryPhoto> {
  await requireManager(services, viewer);
  if (input.albumId) await requireAlbum(services, viewer.clubId, input.albumId);
  const image = await processImage(input.bytes);
  const id = randomUUID();
  const displayKey = storageKey('gallery', viewer.clubId, `${id}-display.webp`);
  const thumbnailKey = storageKey('gallery', viewer.clubId, `${id}-thumb.webp`);
  await services.storage.put(displayKey, image.display.bytes, { contentType: image.display.contentType });
  await services.storage.put(thumbnailKey, image.thumbnail.bytes, {
    contentType: image.thumbnail.contentType,
  });
  try {
    const row = await insertPhoto(services.db, {
      id,
      clubId: viewer.clubId,
      albumId: input.albumId ?? null,
      caption: input.caption ? input.caption : null,
      displayKey,
      thumbnailKey,
      width: image.display.width,
      height: image.display.height,
      uploadedBy: viewer.userId,
    });
    return toPhoto(services.config.PUBLIC_URL, row);
  } catch (err) {
    await Promise.allSettled([services.storage.delete(displayKey), services.storage.delete(thumbnailKey)]);
    throw err;
  }
}

export async function editPhoto(
  services: GalleryServices,
  viewer: Viewer,
  input: { photoId: string } & GalleryPhotoUpdate,
): Promise<GalleryPhoto> {
  await requireManager(services, viewer);
  if (input.albumId) await requireAlbum(services, viewer.clubId, input.albumId);
  const changes: { caption?: string | null; albumId?: string | null } = {};
  if (input.caption !== undefined) changes.caption = input.caption ? input.caption : null;
  if (input.albumId !== undefined) changes.albumId = input.albumId;
  const row =
    Object.keys(changes).length > 0
      ? await updatePhoto(services.db, { clubId: viewer.clubId, photoId: input.photoId, changes })
      : await findPhoto(services.db, { clubId: viewer.clubId, photoId: input.photoId });
  if (!row) throw notFound('This photo');
  return toPhoto(services.config.PUBLIC_URL, row);
}

/** Removes the record, then its files (a file left behind by a failure is unreachable, not shown). */
export async function removePhoto(services: GalleryServices, viewer: Viewer, input: { photoId: string }) {
  await requireManager(services, viewer);
  const row = await deletePhotoRow(services.db, { clubId: viewer.clubId, photoId: input.photoId });
  if (!row) throw notFound('This photo');
  await Promise.all([services.storage.delete(row.displayKey), services.storage.delete(row.thumbnailKey)]);
}

export async function createAlbum(
  services: GalleryServices,
  viewer: Viewer,
  input: GalleryAlbumInput,
): Promise<GalleryAlbum> {
  await requireManager(services, viewer);
  const row = await insertAlbum(services.db, {
    clubId: viewer.clubId,
    title: input.title,
    description: input.description ? input.description : null,
  });
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    photoCount: 0,
    coverThumbnailUrl: null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Deletes an album; its photos stay in the gallery, in no album. */
export async function removeAlbum(services: GalleryServices, viewer: Viewer, input: { albumId: string }) {
  await requireManager(services, viewer);
  const row = await deleteAlbumRow(services.db, { clubId: viewer.clubId, albumId: input.albumId });
  if (!row) throw notFound('This album');
}

export async function galleryAbilities(services: GalleryServices, viewer: Viewer): Promise<GalleryAbilities> {
  return {
    canUpload: await mayManage(services, viewer),
    settings: await findSettings(services.db, { clubId: viewer.clubId }),
  };
}

export async function updateGallerySettings(
  services: GalleryServices,
  viewer: Viewer,
  input: GallerySettings,
): Promise<GallerySettings> {
  if (viewer.role !== 'admin')
    throw new AppError('FORBIDDEN', 'Only an admin can change who manages the gallery.');
  await saveSettings(services.db, { clubId: viewer.clubId, staffCanUpload: input.staffCanUpload });
  return findSettings(services.db, { clubId: viewer.clubId });
}
