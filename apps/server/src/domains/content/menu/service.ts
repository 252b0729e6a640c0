import { randomUUID } from 'node:crypto';
import type {
  Menu,
  MenuCategoryInput,
  MenuItem,
  MenuItemInput,
  MenuItemUpdate,
  MenuOrder,
} from '@lastman/api';
import {
  type Allergen,
  type DietaryFlag,
  dietConflicts,
  dietConflictText,
  MENU_LIMITS,
  type MenuGuestsSee,
} from '@lastman/api/content/rules';
import { londonDay } from '@lastman/api/time';
import type { Viewer } from '../../../http/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import { processImage } from '../../../lib/images.ts';
import { readablePdf } from '../../../lib/pdfs.ts';
import { fileUrl, storageKey } from '../../../lib/storage.ts';
import type { Services } from '../../../services.ts';
import { clubForViewer } from '../../club/index.ts';
import { renderMenuPdf } from './menu-pdf.ts';
import {
  countMenu,
  deleteCategory,
  deleteItem,
  deletePdf,
  findCategory,
  findItem,
  findPdf,
  hasPdf,
  imageKeysOf,
  insertCategory,
  insertItem,
  itemIdsOf,
  listCategories,
  listItems,
  type MenuItemRow,
  savePdf,
  setCategoryOrder,
  setGuestsSee,
  setItemImage,
  setItemOrder,
  updateCategory,
  updateItem,
} from './queries.ts';

type MenuServices = Pick<Services, 'db' | 'clock' | 'config' | 'storage'>;

export function toMenuItem(row: MenuItemRow, publicUrl: string): MenuItem {
  return {
    id: row.id,
    categoryId: row.categoryId,
    name: row.name,
    description: row.description,
    pricePence: row.pricePence,
    allergens: row.allergens,
    mayContain: row.mayContain,
    dietary: row.dietary,
    calories: row.calories,
    available: row.available,
    allergensCheckedOn: row.allergensCheckedOn,
    imageUrl: row.imageKey ? fileUrl(publicUrl, row.imageKey) : null,
    thumbnailUrl: row.thumbnailKey ? fileUrl(publicUrl, row.thumbnailKey) : null,
  };
}

/** The club a reader sees: a member their own, a visitor the club of their link (or the default). */
async function readerClub(services: MenuServices, viewer: Viewer | null, slug: string | undefined) {
  return clubForViewer(services.db, {
    slug: viewer ? undefined : slug,
    userClubId: viewer?.clubId,
    defaultSlug: services.config.DEFAULT_CLUB,
  });
}

/** Staff and admins read every row of the menu, whatever guests are shown: they manage it. */
const manages = (viewer: Viewer | null) => viewer?.role === 'staff' || viewer?.role === 'admin';

async function menuOf(
  services: MenuServices,
  club: { id: string; slug: string },
  { everyRow }: { everyRow: boolean },
): Promise<Menu> {
  const [categories, items, uploaded] = await Promise.all([
    listCategories(services.db, { clubId: club.id }),
    listItems(services.db, { clubId: club.id }),
    hasPdf(services.db, { clubId: club.id }),
  ]);
  const guestsSee: MenuGuestsSee = uploaded?.guestsSee ?? 'menu';
  // Guests shown only the uploaded PDF get no second menu to disagree with it.
  const hidden = guestsSee === 'pdf' && !everyRow;
  const rows = hidden ? [] : items;
  const checked = rows.map((i) => i.allergensCheckedOn).sort();
  const servesUploaded = uploaded !== undefined && guestsSee !== 'menu';
  const version = servesUploaded ? `&v=${uploaded.updatedAt.getTime()}` : '';
  return {
    categories: (hidden ? [] : categories).map((c) => ({
      id: c.id,
      name: c.name,
      items: rows.filter((i) => i.categoryId === c.id).map((i) => toMenuItem(i, services.config.PUBLIC_URL)),
    })),
    allergensCheckedOn: checked[0] ?? null,
    pdf: {
      url: `/api/menu.pdf?club=${encodeURIComponent(club.slug)}${version}`,
      source: servesUploaded ? 'uploaded' : 'generated',
      uploadedOn: uploaded ? londonDay(uploaded.updatedAt) : null,
    },
    guestsSee,
  };
}

export async function readMenu(
  services: MenuServices,
  viewer: Viewer | null,
  query: { club?: string | undefined },
) {
  return menuOf(services, await readerClub(services, viewer, query.club), { everyRow: manages(viewer) });
}

/** The uploaded PDF when guests are shown it, else one made now from the menu itself. */
export async function readMenuPdf(
  services: MenuServices,
  viewer: Viewer | null,
  query: { club?: string | undefined },
): Promise<{ bytes: Buffer; fileName: string }> {
  const club = await readerClub(services, viewer, query.club);
  const fileName = `${club.slug}-menu.pdf`;
  const uploaded = await findPdf(services.db, { clubId: club.id });
  const file =
    uploaded && uploaded.guestsSee !== 'menu' ? await services.storage.get(uploaded.fileKey) : null;
  if (file) return { bytes: file.bytes, fileName };
  const menu = await menuOf(services, club, { everyRow: true });
  return { bytes: await renderMenuPdf({ clubName: club.name, menu, now: services.clock.now() }), fileName };
}

async function adminMenu(services: MenuServices, viewer: Viewer) {
  return readMenu(services, viewer, {});
}

export async function createCategory(services: MenuServices, viewer: Viewer, input: MenuCategoryInput) {
  return services.db.transaction(async (tx) => {
    const counts = await countMenu(tx, { clubId: viewer.clubId });
    if (counts.categories >= MENU_LIMITS.categoriesMax) {
      throw new AppError('CONFLICT', `A menu has at most ${MENU_LIMITS.categoriesMax} categories.`);
    }
    const row = await insertCategory(tx, { clubId: viewer.clubId, name: input.name });
    return { id: row.id, name: row.name };
  });
}

const noCategory = () => new AppError('NOT_FOUND', 'That menu category does not exist.');
const noItem = () => new AppError('NOT_FOUND', 'That menu item does not exist.');

export async function renameCategory(
  services: MenuServices,
  viewer: Viewer,
  { categoryId, name }: { categoryId: string; name: string },
) {
  const row = await updateCategory(services.db, { clubId: viewer.clubId, categoryId, name });
  if (!row) throw noCategory();
  return { id: row.id, name: row.name };
}

export async function removeCategory(
  services: MenuServices,
  viewer: Viewer,
  { categoryId }: { categoryId: string },
) {
  const keys = await services.db.transaction(async (tx) => {
    const pictures = await imageKeysOf(tx, { clubId: viewer.clubId, categoryId });
    if (!(await deleteCategory(tx, { clubId: viewer.clubId, categoryId }))) throw noCategory();
    return pictures;
  });
  await forget(services, keys);
}

/** Files no row names any more; a failure leaves an orphan file, never a row without its file. */
async function forget(services: MenuServices, keys: (string | null | undefined)[]) {
  await Promise.all(
    keys.filter((k): k is string => !!k).map((k) => services.storage.delete(k).catch(() => {})),
  );
}

/**
 * A diet label the dish's own allergens contradict (gluten-free but may contain gluten, vegan but
 * contains milk) is refused: guests filtering by diet rely on it.
 */
function refuseDietConflicts(record: {
  allergens: Allergen[];
  mayContain: Allergen[];
  dietary: DietaryFlag[];
}) {
  const conflicts = dietConflicts(record);
  if (conflicts.length === 0) return;
  throw new AppError(
    'BAD_REQUEST',
    `The diet labels contradict the allergens: ${conflicts.map(dietConflictText).join('; ')}. Untick the diet label, or the allergen.`,
  );
}

export async function createItem(services: MenuServices, viewer: Viewer, input: MenuItemInput) {
  refuseDietConflicts(input);
  return services.db.transaction(async (tx) => {
    if (!(await findCategory(tx, { clubId: viewer.clubId, categoryId: input.categoryId })))
      throw noCategory();
    const counts = await countMenu(tx, { clubId: viewer.clubId });
    if (counts.items >= MENU_LIMITS.itemsMax) {
      throw new AppError('CONFLICT', `A menu has at most ${MENU_LIMITS.itemsMax} items.`);
    }
    const row = await insertItem(tx, {
      clubId: viewer.clubId,
      values: {
        ...input,
        // "Contains" wins over "may contain": an allergen is in one list or the other.
        mayContain: input.mayContain.filter((a) => !input.allergens.includes(a)),
        calories: input.calories ?? null,
        allergensCheckedOn: londonDay(services.clock.now()),
      },
    });
    return toMenuItem(row, services.config.PUBLIC_URL);
  });
}

export async function changeItem(
  services: MenuServices,
  viewer: Viewer,
  { itemId, input }: { itemId: string; input: MenuItemUpdate },
) {
  return services.db.transaction(async (tx) => {
    const current = await findItem(tx, { clubId: viewer.clubId, itemId });
    if (!current) throw noItem();
    const { allergensChecked, categoryId, ...rest } = input;
    const values = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as typeof rest;
    const allergens = values.allergens ?? current.allergens;
    const mayContain = values.mayContain ?? current.mayContain;
    if (values.allergens || values.mayContain) {
      values.mayContain = mayContain.filter((a) => !allergens.includes(a));
    }
    // A change to the record is checked as a whole: the new labels with the allergens kept, and so on.
    // A row saved before this rule keeps its contradiction until one of the three is changed.
    if (values.allergens || values.mayContain || values.dietary) {
      refuseDietConflicts({ allergens, mayContain, dietary: values.dietary ?? current.dietary });
    }
    const moveTo = categoryId && categoryId !== current.categoryId ? categoryId : undefined;
    if (moveTo && !(await findCategory(tx, { clubId: viewer.clubId, categoryId: moveTo })))
      throw noCategory();
    // Saving the allergens, or saying they were looked at, is a check of the allergen record.
    const checked = allergensChecked || values.allergens || values.mayContain;
    const changes = {
      ...values,
      ...(checked ? { allergensCheckedOn: londonDay(services.clock.now()) } : {}),
    };
    // Nothing to change (an empty edit, or the category it is in already): the item as it is.
    if (Object.keys(changes).length === 0 && !moveTo) return toMenuItem(current, services.config.PUBLIC_URL);
    const row = await updateItem(tx, { clubId: viewer.clubId, itemId, values: changes, moveTo });
    if (!row) throw noItem();
    return toMenuItem(row, services.config.PUBLIC_URL);
  });
}

/** Bar staff mark an item off (or back on) for today with one tap. */
export async function setAvailability(
  services: MenuServices,
  viewer: Viewer,
  { itemId, available }: { itemId: string; available: boolean },
) {
  const row = await updateItem(services.db, { clubId: viewer.clubId, itemId, values: { available } });
  if (!row) throw noItem();
  return toMenuItem(row, services.config.PUBLIC_URL);
}

export async function removeItem(services: MenuServices, viewer: Viewer, { itemId }: { itemId: string }) {
  const gone = await deleteItem(services.db, { clubId: viewer.clubId, itemId });
  if (!gone) throw noItem();
  await forget(services, [gone.imageKey, gone.thumbnailKey]);
}

/**
 * A dish's picture: checked from its bytes, turned upright, stripped of its metadata and stored as
 * a display size and a thumbnail (lib/images.ts), under new keys so that each can be cached for good.
 */
export async function setItemPicture(
  services: MenuServices,
  viewer: Viewer,
  { itemId, bytes }: { itemId: string; bytes: unknown },
) {
  const current = await findItem(services.db, { clubId: viewer.clubId, itemId });
  if (!current) throw noItem();
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
    throw new AppError('BAD_REQUEST', 'Send the picture file itself as the body.');
  }
  const image = await processImage(bytes);
  const stem = `${itemId}-${randomUUID().slice(0, 8)}`;
  const imageKey = storageKey('menu', viewer.clubId, `${stem}-display.webp`);
  const thumbnailKey = storageKey('menu', viewer.clubId, `${stem}-thumb.webp`);
  await services.storage.put(imageKey, image.display.bytes, { contentType: image.display.contentType });
  await services.storage.put(thumbnailKey, image.thumbnail.bytes, {
    contentType: image.thumbnail.contentType,
  });
  const row = await setItemImage(services.db, { clubId: viewer.clubId, itemId, imageKey, thumbnailKey });
  if (!row) {
    await forget(services, [imageKey, thumbnailKey]);
    throw noItem();
  }
  await forget(services, [current.imageKey, current.thumbnailKey]);
  return toMenuItem(row, services.config.PUBLIC_URL);
}

export async function removeItemPicture(
  services: MenuServices,
  viewer: Viewer,
  { itemId }: { itemId: string },
) {
  const current = await findItem(services.db, { clubId: viewer.clubId, itemId });
  if (!current) throw noItem();
  const row = await setItemImage(services.db, {
    clubId: viewer.clubId,
    itemId,
    imageKey: null,
    thumbnailKey: null,
  });
  if (!row) throw noItem();
  await forget(services, [current.imageKey, current.thumbnailKey]);
  return toMenuItem(row, services.config.PUBLIC_URL);
}

function sameSet(a: string[], b: string[]) {
  return a.length === b.length && new Set([...a, ...b]).size === a.length;
}

export async function reorderCategories(services: MenuServices, viewer: Viewer, input: MenuOrder) {
  await services.db.transaction(async (tx) => {
    const existing = (await listCategories(tx, { clubId: viewer.clubId })).map((c) => c.id);
    if (!sameSet(existing, input.ids)) {
      throw new AppError('BAD_REQUEST', "The new order must list every one of the menu's categories once.");
    }
    await setCategoryOrder(tx, { clubId: viewer.clubId, ids: input.ids });
  });
  return adminMenu(services, viewer);
}

export async function reorderItems(
  services: MenuServices,
  viewer: Viewer,
  { categoryId, input }: { categoryId: string; input: MenuOrder },
) {
  await services.db.transaction(async (tx) => {
    if (!(await findCategory(tx, { clubId: viewer.clubId, categoryId }))) throw noCategory();
    const existing = await itemIdsOf(tx, { clubId: viewer.clubId, categoryId });
    if (!sameSet(existing, input.ids)) {
      throw new AppError('BAD_REQUEST', 'The new order must list every item of the category once.');
    }
    await setItemOrder(tx, { clubId: viewer.clubId, categoryId, ids: input.ids });
  });
  return adminMenu(services, viewer);
}

/**
 * An uploaded menu must read as a PDF (lib/pdfs.ts), and is stored without its scripts and
 * automatic actions. Replacing the PDF keeps the admin's choice of what guests see.
 */
export async function uploadPdf(services: MenuServices, viewer: Viewer, { bytes }: { bytes: unknown }) {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
    throw new AppError('BAD_REQUEST', 'Send the PDF file itself as the body.');
  }
  const pdf = await readablePdf(bytes);
  const fileKey = storageKey('menu', viewer.clubId, `menu-${randomUUID()}.pdf`);
  await services.storage.put(fileKey, pdf.bytes, { contentType: 'application/pdf' });
  const previous = await hasPdf(services.db, { clubId: viewer.clubId });
  await savePdf(services.db, { clubId: viewer.clubId, fileKey, now: services.clock.now() });
  await forget(services, [previous?.fileKey]);
  return pdfInfo(services, viewer);
}

async function pdfInfo(services: MenuServices, viewer: Viewer) {
  const { pdf, guestsSee } = await adminMenu(services, viewer);
  return { pdf, guestsSee };
}

export async function removePdf(services: MenuServices, viewer: Viewer) {
  await forget(services, [await deletePdf(services.db, { clubId: viewer.clubId })]);
  return pdfInfo(services, viewer);
}

/** Which menu guests see once there is an uploaded PDF: the app's, the PDF, or both. */
export async function chooseGuestsSee(
  services: MenuServices,
  viewer: Viewer,
  { guestsSee }: { guestsSee: MenuGuestsSee },
) {
  if (!(await setGuestsSee(services.db, { clubId: viewer.clubId, guestsSee }))) {
    throw new AppError(
      'CONFLICT',
      'The club has no uploaded PDF menu: guests see the menu in the app. Upload a PDF first.',
    );
  }
  return pdfInfo(services, viewer);
}
