import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { galleryAlbums, galleryPhotos, gallerySettings } from './schema.ts';

export type PhotoRow = typeof galleryPhotos.$inferSelect;
export type AlbumRow = typeof galleryAlbums.$inferSelect;

export async function insertPhoto(db: DbOrTx, values: typeof galleryPhotos.$inferInsert): Promise<PhotoRow> {
  const [row] = await db.insert(galleryPhotos).values(values).returning();
  if (!row) throw new Error('gallery photo insert returned nothing');
  return row;
}

/** The club's photos, newest first, in one album when given. */
export async function listPhotos(
  db: DbOrTx,
  { clubId, albumId, limit }: { clubId: string; albumId?: string | undefined; limit: number },
): Promise<PhotoRow[]> {
  return db
    .select()
    .from(galleryPhotos)
    .where(and(eq(galleryPhotos.clubId, clubId), albumId ? eq(galleryPhotos.albumId, albumId) : undefined))
    .orderBy(desc(galleryPhotos.createdAt), desc(galleryPhotos.id))
    .limit(limit);
}

export async function findPhoto(
  db: DbOrTx,
  { clubId, photoId }: { clubId: string; photoId: string },
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(galleryPhotos)
    .where(and(eq(galleryPhotos.clubId, clubId), eq(galleryPhotos.id, photoId)));
  return row;
}

export async function updatePhoto(
  db: DbOrTx,
  {
    clubId,
    photoId,
    changes,
  }: { clubId: string; photoId: string; changes: { caption?: string | null; albumId?: string | null } },
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .update(galleryPhotos)
    .set(changes)
    .where(and(eq(galleryPhotos.clubId, clubId), eq(galleryPhotos.id, photoId)))
    .returning();
  return row;
}

export async function deletePhotoRow(
  db: DbOrTx,
  { clubId, photoId }: { clubId: string; photoId: string },
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .delete(galleryPhotos)
    .where(and(eq(galleryPhotos.clubId, clubId), eq(galleryPhotos.id, photoId)))
    .returning();
  return row;
}

export async function insertAlbum(
  db: DbOrTx,
  values: { clubId: string; title: string; description: string | null },
): Promise<AlbumRow> {
  const [row] = await db.insert(galleryAlbums).values(values).returning();
  if (!row) throw new Error('gallery album insert returned nothing');
  return row;
}

export async function findAlbum(
  db: DbOrTx,
  { clubId, albumId }: { clubId: string; albumId: string },
): Promise<AlbumRow | undefined> {
  const [row] = await db
    .select()
    .from(galleryAlbums)
    .where(and(eq(galleryAlbums.clubId, clubId), eq(galleryAlbums.id, albumId)));
  return row;
}

/** The club's albums, the one with the latest photo first, each with its photo count and cover. */
export async function listAlbums(db: DbOrTx, { clubId }: { clubId: string }) {
  const stats = db
    .select({
      albumId: galleryPhotos.albumId,
      photoCount: count().as('photo_count'),
      latest: max(galleryPhotos.createdAt).as('latest'),
    })
    .from(galleryPhotos)
    .where(eq(galleryPhotos.clubId, clubId))
    .groupBy(galleryPhotos.albumId)
    .as('stats');
  const cover = sql<string | null>`(
    select ${galleryPhotos.thumbnailKey} from ${galleryPhotos}
    where ${galleryPhotos.clubId} = ${clubId} and ${galleryPhotos.albumId} = ${galleryAlbums.id}
    order by ${galleryPhotos.createdAt} desc, ${galleryPhotos.id} desc limit 1
  )`;
  return db
    .select({
      album: galleryAlbums,
      photoCount: sql<number>`coalesce(${stats.photoCount}, 0)::int`,
      coverKey: cover,
    })
    .from(galleryAlbums)
    .leftJoin(stats, eq(stats.albumId, galleryAlbums.id))
    .where(eq(galleryAlbums.clubId, clubId))
    .orderBy(sql`coalesce(${stats.latest}, ${galleryAlbums.createdAt}) desc`, desc(galleryAlbums.id));
}

export async function deleteAlbumRow(
  db: DbOrTx,
  { clubId, albumId }: { clubId: string; albumId: string },
): Promise<AlbumRow | undefined> {
  const [row] = await db
    .delete(galleryAlbums)
    .where(and(eq(galleryAlbums.clubId, clubId), eq(galleryAlbums.id, albumId)))
    .returning();
  return row;
}

export async function findSettings(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db.select().from(gallerySettings).where(eq(gallerySettings.clubId, clubId));
  return { staffCanUpload: row?.staffCanUpload ?? false };
}

export async function saveSettings(
  db: DbOrTx,
  { clubId, staffCanUpload }: { clubId: string; staffCanUpload: boolean },
) {
  await db
    .insert(gallerySettings)
    .values({ clubId, staffCanUpload })
    .onConflictDoUpdate({ target: gallerySettings.clubId, set: { staffCanUpload } });
}
