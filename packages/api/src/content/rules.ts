// The rules of the club's events, menu and gallery that both apps apply, written once. No zod here:
// the web app's first chunk imports this module (`@lastman/api/content/rules`), and the content
// schemas read their limits from it.

// Events.
export const EVENT_LIMITS = {
  titleMax: 120,
  descriptionMax: 4000,
  placeMax: 120,
  recurrenceMax: 300,
  capacityMax: 10_000,
  /** The dearest place at an event, in pence (£500). */
  priceMaxPence: 50_000,
  teamNameMax: 60,
  teamSizeMax: 20,
  /** The most places one booking or waiting-list entry takes (a table for six). */
  placesMax: 6,
  guestPhoneMax: 30,
  /** The widest range one GET /api/events answers, so a series cannot be asked for ten thousand dates. */
  rangeMaxDays: 400,
} as const;

// The menu.

/** The 14 allergens of the Food Information Regulations 2014, by the codes the API uses. */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];
/** How a menu names each allergen to a guest. */
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphur dioxide and sulphites',
};

export const DIETARY_FLAGS = ['vegetarian', 'vegan', 'gluten-free', 'halal'] as const;
export type DietaryFlag = (typeof DIETARY_FLAGS)[number];
export const DIETARY_LABELS: Record<DietaryFlag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  'gluten-free': 'Gluten-free',
  halal: 'Halal',
};

/**
 * The allergens a diet label rules out. A dish with the label may neither contain one of them nor
 * "may contain" it (traces): a dish that may contain gluten is not gluten-free, one that may contain
 * milk is not vegan. Halal is about meat and alcohol, which are not among the 14 allergens.
 */
export const DIET_EXCLUDES: Record<DietaryFlag, readonly Allergen[]> = {
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  vegan: ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'],
  'gluten-free': ['gluten'],
  halal: [],
};

/** A diet label that the dish's own allergen record says is wrong. */
export interface DietConflict {
  diet: DietaryFlag;
  allergen: Allergen;
  how: 'contains' | 'may contain';
}

type AllergenRecord = {
  allergens: readonly Allergen[];
  mayContain: readonly Allergen[];
  dietary: readonly DietaryFlag[];
};

/** Every diet label of the dish that one of its allergens, contained or maybe, contradicts. */
export function dietConflicts(item: AllergenRecord): DietConflict[] {
  return item.dietary.flatMap((diet) =>
    DIET_EXCLUDES[diet].flatMap((allergen): DietConflict[] =>
      item.allergens.includes(allergen)
        ? [{ diet, allergen, how: 'contains' }]
        : item.mayContain.includes(allergen)
          ? [{ diet, allergen, how: 'may contain' }]
          : [],
    ),
  );
}

/** "Gluten-free, but it may contain cereals containing gluten". */
export function dietConflictText({ diet, allergen, how }: DietConflict): string {
  return `${DIETARY_LABELS[diet]}, but it ${how === 'contains' ? 'contains' : 'may contain'} ${ALLERGEN_LABELS[allergen].toLowerCase()}`;
}

/** The dish's diet labels that its allergen record bears out: the ones a guest may rely on. */
export function dietsThatHold(item: AllergenRecord): DietaryFlag[] {
  const broken = new Set(dietConflicts(item).map((c) => c.diet));
  return item.dietary.filter((d) => !broken.has(d));
}

/**
 * What guests see when the club has uploaded its own PDF menu: the menu kept in the app (and the PDF
 * made from it), the uploaded PDF alone, or both, each labelled. Without an upload it is the menu.
 */
export const MENU_GUESTS_SEE = ['menu', 'pdf', 'both'] as const;
export type MenuGuestsSee = (typeof MENU_GUESTS_SEE)[number];

export const MENU_LIMITS = {
  categoryNameMax: 80,
  itemNameMax: 120,
  descriptionMax: 1000,
  /** £10,000: anything dearer is a typing slip. */
  priceMaxPence: 1_000_000,
  caloriesMax: 10_000,
  categoriesMax: 50,
  itemsMax: 500,
  /** An uploaded menu PDF. */
  pdfMaxBytes: 10 * 1024 * 1024,
} as const;

// Uploaded images (the gallery, and events' and the menu's pictures): the server checks each
// file's own bytes, turns it upright, drops its metadata and stores a display size and a thumbnail.
/** The largest image upload the server takes, before it is resized (a phone's photo is 2-8 MB). */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** What an image upload may be, recognised from its bytes: HEIC is an iPhone's own format. */
export const IMAGE_UPLOAD_ACCEPT =
  'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif,.heic,.heif';

/** The gallery's limits: a caption, an album's title and description, a page of photos. */
export const GALLERY_LIMITS = {
  captionMax: 300,
  albumTitleMax: 100,
  albumDescriptionMax: 500,
  pageMax: 100,
  pageDefault: 60,
} as const;
