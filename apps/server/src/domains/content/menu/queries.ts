import type { MenuGuestsSee } from '@lastman/api/content/rules';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { menuCategories, menuItems, menuPdfs } from './schema.ts';

export type MenuCategoryRow = typeof menuCategories.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
type ItemValues = Omit<
  typeof menuItems.$inferInsert,
  'id' | 'clubId' | 'position' | 'createdAt' | 'imageKey' | 'thumbnailKey'
>;

export async function listCategories(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select()
    .from(menuCategories)
    .where(eq(menuCategories.clubId, clubId))
    .orderBy(asc(menuCategories.position), asc(menuCategories.createdAt));
}

export async function listItems(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select()
    .from(menuItems)
    .where(eq(menuItems.clubId, clubId))
    .orderBy(asc(menuItems.position), asc(menuItems.createdAt));
}

export async function findCategory(
  db: DbOrTx,
  { clubId, categoryId }: { clubId: string; categoryId: string },
) {
  const [row] = await db
    .select()
    .from(menuCategories)
    .where(and(eq(menuCategories.id, categoryId), eq(menuCategories.clubId, clubId)));
  return row;
}

export async function findItem(db: DbOrTx, { clubId, itemId }: { clubId: string; itemId: string }) {
  const [row] = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.clubId, clubId)));
  return row;
}

export async function countMenu(db: DbOrTx, { clubId }: { clubId: string }) {
  const [categories] = await db
    .select({ n: count() })
    .from(menuCategories)
    .where(eq(menuCategories.clubId, clubId));
  const [items] = await db.select({ n: count() }).from(menuItems).where(eq(menuItems.clubId, clubId));
  return { categories: categories?.n ?? 0, items: items?.n ?? 0 };
}

/** A new category goes last. */
export async function insertCategory(db: DbOrTx, { clubId, name }: { clubId: string; name: string }) {
  const [row] = await db
    .insert(menuCategories)
    .values({
      clubId,
      name,
      position: sql`(select coalesce(max(${menuCategories.position}), -1) + 1 from ${menuCategories} where ${menuCategories.clubId} = ${clubId})`,
    })
    .returning();
  if (!row) throw new Error('menu category insert returned nothing');
  return row;
}

export async function updateCategory(
  db: DbOrTx,
  { clubId, categoryId, name }: { clubId: string; categoryId: string; name: string },
) {
  const [row] = await db
    .update(menuCategories)
    .set({ name })
    .where(and(eq(menuCategories.id, categoryId), eq(menuCategories.clubId, clubId)))
    .returning();
  return row;
}

/** Its items go with it. */
export async function deleteCategory(
  db: DbOrTx,
  { clubId, categoryId }: { clubId: string; categoryId: string },
) {
  const rows = await db
    .delete(menuCategories)
    .where(and(eq(menuCategories.id, categoryId), eq(menuCategories.clubId, clubId)))
    .returning({ id: menuCategories.id });
  return rows.length > 0;
}

/** The item's position: last of its category. */
const lastIn = (clubId: string, categoryId: string) =>
  sql`(select coalesce(max(${menuItems.position}), -1) + 1 from ${menuItems} where ${menuItems.clubId} = ${clubId} and ${menuItems.categoryId} = ${categoryId})`;

export async function insertItem(db: DbOrTx, { clubId, values }: { clubId: string; values: ItemValues }) {
  const [row] = await db
    .insert(menuItems)
    .values({ ...values, clubId, position: lastIn(clubId, values.categoryId) })
    .returning();
  if (!row) throw new Error('menu item insert returned nothing');
  return row;
}

export async function updateItem(
  db: DbOrTx,
  {
    clubId,
    itemId,
    values,
    moveTo,
  }: { clubId: string; itemId: string; values: Partial<ItemValues>; moveTo?: string | undefined },
) {
  const [row] = await db
    .update(menuItems)
    .set({ ...values, ...(moveTo ? { categoryId: moveTo, position: lastIn(clubId, moveTo) } : {}) })
    .where(and(eq(menuItems.id, itemId), eq(menuItems.clubId, clubId)))
    .returning();
  return row;
}

/** The deleted item's picture keys, or undefined when there was no such item. */
export async function deleteItem(db: DbOrTx, { clubId, itemId }: { clubId: string; itemId: string }) {
  const [row] = await db
    .delete(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.clubId, clubId)))
    .returning({ imageKey: menuItems.imageKey, thumbnailKey: menuItems.thumbnailKey });
  return row;
}

export async function setItemImage(
  db: DbOrTx,
  {
    clubId,
    itemId,
    imageKey,
    thumbnailKey,
  }: { clubId: string; itemId: string; imageKey: string | null; thumbnailKey: string | null },
) {
  const [row] = await db
    .update(menuItems)
    .set({ imageKey, thumbnailKey })
    .where(and(eq(menuItems.id, itemId), eq(menuItems.clubId, clubId)))
    .returning();
  return row;
}

/** Keys of the pictures of a category's items (to remove from the storage with it). */
export async function imageKeysOf(
  db: DbOrTx,
  { clubId, categoryId }: { clubId: string; categoryId: string },
) {
  const rows = await db
    .select({ imageKey: menuItems.imageKey, thumbnailKey: menuItems.thumbnailKey })
    .from(menuItems)
    .where(and(eq(menuItems.clubId, clubId), eq(menuItems.categoryId, categoryId)));
  return rows.flatMap((r) => [r.imageKey, r.thumbnailKey]).filter((k): k is string => k !== null);
}

/** Puts the categories in the order given (every id of the club's, checked by the service). */
export async function setCategoryOrder(db: DbOrTx, { clubId, ids }: { clubId: string; ids: string[] }) {
  for (const [position, id] of ids.entries()) {
    await db
      .update(menuCategories)
      .set({ position })
      .where(and(eq(menuCategories.id, id), eq(menuCategories.clubId, clubId)));
  }
}

export async function setItemOrder(
  db: DbOrTx,
  { clubId, categoryId, ids }: { clubId: string; categoryId: string; ids: string[] },
) {
  for (const [position, id] of ids.entries()) {
    await db
      .update(menuItems)
      .set({ position })
      .where(and(eq(menuItems.id, id), eq(menuItems.clubId, clubId), eq(menuItems.categoryId, categoryId)));
  }
}

export async function itemIdsOf(db: DbOrTx, { clubId, categoryId }: { clubId: string; categoryId: string }) {
  const rows = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.clubId, clubId), eq(menuItems.categoryId, categoryId)));
  return rows.map((r) => r.id);
}

/** Locks the club's menu for a reorder, so that two at once apply one after the other. */
export async function lockCategories(db: DbOrTx, { clubId, ids }: { clubId: string; ids: string[] }) {
  if (ids.length === 0) return;
  await db
    .select({ id: menuCategories.id })
    .from(menuCategories)
    .where(and(eq(menuCategories.clubId, clubId), inArray(menuCategories.id, ids)))
    .for('update');
}

export async function findPdf(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db.select().from(menuPdfs).where(eq(menuPdfs.clubId, clubId));
  return row;
}

export async function hasPdf(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db
    .select({ updatedAt: menuPdfs.updatedAt, fileKey: menuPdfs.fileKey, guestsSee: menuPdfs.guestsSee })
    .from(menuPdfs)
    .where(eq(menuPdfs.clubId, clubId));
  return row;
}

export async function savePdf(
  db: DbOrTx,
  { clubId, fileKey, now }: { clubId: string; fileKey: string; now: Date },
) {
  await db
    .insert(menuPdfs)
    .values({ clubId, fileKey, updatedAt: now })
    .onConflictDoUpdate({ target: menuPdfs.clubId, set: { fileKey, updatedAt: now } });
}

/** False when the club has no uploaded PDF to choose. */
export async function setGuestsSee(
  db: DbOrTx,
  { clubId, guestsSee }: { clubId: string; guestsSee: MenuGuestsSee },
) {
  const rows = await db
    .update(menuPdfs)
    .set({ guestsSee })
    .where(eq(menuPdfs.clubId, clubId))
    .returning({ clubId: menuPdfs.clubId });
  return rows.length > 0;
}

/** The removed PDF's key, if there was one. */
export async function deletePdf(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db
    .delete(menuPdfs)
    .where(eq(menuPdfs.clubId, clubId))
    .returning({ fileKey: menuPdfs.fileKey });
  return row?.fileKey;
}
