import { z } from 'zod';
import { Id, requiredName } from '../common.ts';
import { ALLERGENS, DIETARY_FLAGS, MENU_GUESTS_SEE, MENU_LIMITS } from './rules.ts';

export const AllergenCode = z.enum(ALLERGENS, {
  error: `must be one of the 14 allergen codes: ${ALLERGENS.join(', ')}`,
});
export const DietaryFlagCode = z.enum(DIETARY_FLAGS, {
  error: `must be one of: ${DIETARY_FLAGS.join(', ')}`,
});

/** A list of codes; one given twice counts once. */
const codes = <T extends z.ZodType<string>>(code: T, max: number) =>
  z
    .array(code)
    .max(max * 2)
    .transform((list) => [...new Set(list)]);

export const MenuItem = z
  .object({
    id: z.string(),
    categoryId: z.string(),
    name: z.string(),
    description: z.string(),
    pricePence: z.number().int(),
    allergens: z.array(AllergenCode),
    mayContain: z.array(AllergenCode),
    dietary: z.array(DietaryFlagCode),
    calories: z.number().int().nullable(),
    available: z.boolean(),
    /** The London date the item's allergens were last checked by the club. */
    allergensCheckedOn: z.string(),
    /** The dish's picture (WebP), and its square thumbnail; null without one. */
    imageUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
  })
  .meta({ id: 'MenuItem' });
export type MenuItem = z.infer<typeof MenuItem>;

export const MenuCategory = z
  .object({ id: z.string(), name: z.string(), items: z.array(MenuItem) })
  .meta({ id: 'MenuCategory' });
export type MenuCategory = z.infer<typeof MenuCategory>;

export const MenuGuestsSeeCode = z.enum(MENU_GUESTS_SEE, {
  error: `must be one of: ${MENU_GUESTS_SEE.join(', ')}`,
});

export const MenuPdf = z
  .object({
    /** The PDF guests get (GET /api/menu.pdf). */
    url: z.string(),
    /** Whether that is the club's uploaded PDF or one made from the menu's own rows. */
    source: z.enum(['uploaded', 'generated']),
    /** The London date the club's own PDF was uploaded; null when it has none. */
    uploadedOn: z.string().nullable(),
  })
  .meta({ id: 'MenuPdf' });

export const Menu = z
  .object({
    /**
     * The menu's rows. Empty for guests (visitors and players) when the club shows them only its
     * uploaded PDF; staff and admins always get them, to manage them.
     */
    categories: z.array(MenuCategory),
    /** The oldest check of any item's allergens (null when the menu is empty). */
    allergensCheckedOn: z.string().nullable(),
    pdf: MenuPdf,
    /** Which menu guests see: the rows above, the uploaded PDF, or both, labelled. */
    guestsSee: MenuGuestsSeeCode,
  })
  .meta({ id: 'Menu' });
export type Menu = z.infer<typeof Menu>;

export const MenuQuery = z.object({ club: z.string().max(100).optional() });

export const MenuCategoryInput = z.object({ name: requiredName(MENU_LIMITS.categoryNameMax) }).strict();
export type MenuCategoryInput = z.infer<typeof MenuCategoryInput>;

export const MenuCategoryCreated = z.object({
  category: z.object({ id: z.string(), name: z.string() }),
});

const itemFields = {
  categoryId: Id,
  name: requiredName(MENU_LIMITS.itemNameMax),
  description: z.string().max(MENU_LIMITS.descriptionMax).trim(),
  pricePence: z.number().int().min(0).max(MENU_LIMITS.priceMaxPence),
  allergens: codes(AllergenCode, ALLERGENS.length),
  mayContain: codes(AllergenCode, ALLERGENS.length),
  dietary: codes(DietaryFlagCode, DIETARY_FLAGS.length),
  calories: z.number().int().min(0).max(MENU_LIMITS.caloriesMax).nullable(),
  available: z.boolean(),
};

export const MenuItemInput = z.object({ ...itemFields, calories: itemFields.calories.optional() }).strict();
export type MenuItemInput = z.infer<typeof MenuItemInput>;

export const MenuItemUpdate = z
  .object({
    categoryId: itemFields.categoryId.optional(),
    name: itemFields.name.optional(),
    description: itemFields.description.optional(),
    pricePence: itemFields.pricePence.optional(),
    allergens: itemFields.allergens.optional(),
    mayContain: itemFields.mayContain.optional(),
    dietary: itemFields.dietary.optional(),
    calories: itemFields.calories.optional(),
    available: itemFields.available.optional(),
    /** Says the allergens were checked today, without changing them. */
    allergensChecked: z.literal(true).optional(),
  })
  .strict();
export type MenuItemUpdate = z.infer<typeof MenuItemUpdate>;

export const MenuItemResult = z.object({ item: MenuItem });

export const MenuAvailability = z.object({ available: z.boolean() }).strict();

/** A new order: every id of the list, each once, first to last. */
export const MenuOrder = z
  .object({
    ids: z.array(Id).max(MENU_LIMITS.itemsMax),
  })
  .strict();
export type MenuOrder = z.infer<typeof MenuOrder>;

export const MenuPdfInfo = z.object({ pdf: MenuPdf, guestsSee: MenuGuestsSeeCode });
export type MenuPdfInfo = z.infer<typeof MenuPdfInfo>;

/** Which menu guests see once the club has uploaded its own PDF. */
export const MenuGuestsSeeInput = z.object({ guestsSee: MenuGuestsSeeCode }).strict();
export type MenuGuestsSeeInput = z.infer<typeof MenuGuestsSeeInput>;
