// The rules both apps apply, written once. No zod here: the web app's first chunk imports this
// module (`@lastman/api/rules`), and the schemas in this package read their limits from it.

/** The password policy's length limits (the server also refuses the most common passwords). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The youngest a person may be to join a club. */
export const MIN_SIGN_UP_AGE = 13;
/** The youngest a person may be to enter a competition that costs money. */
export const MIN_AGE_FOR_PAID_ENTRY = 18;

/** Whole years between a date of birth (`YYYY-MM-DD`) and a moment, by the UTC calendar. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [y = 0, m = 1, d = 1] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The largest profile photo the server takes, before it is cropped and re-encoded. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The image types a profile photo may be; the server checks the file's own signature. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const isPhotoType = (type: string): type is PhotoType =>
  (PHOTO_TYPES as readonly string[]).includes(type);

/**
 * The contact form's limits. A message needs only to say something: "When?" is a fair question
 * to a club, so the shortest is one character once trimmed, on the form and on the server alike.
 */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMax: 200,
  messageMin: 1,
  messageMax: 5000,
} as const;

/** The rota's limits: a shift is at most a day long (a pub's longest is an open-to-close Saturday). */
export const ROTA_LIMITS = {
  positionMax: 60,
  notesMax: 500,
  breakMinutesMax: 240,
  shiftHoursMax: 16,
} as const;

/** Building an Intl formatter costs about a millisecond: built on first use, not when loaded. */
let gbp: Intl.NumberFormat | undefined;

/** Integer pence as pounds the British way: 105000 → "£1,050.00", -250 → "-£2.50". */
export function formatPence(pence: number): string {
  gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  return gbp.format(pence / 100);
}

// Events (issue 12).
export const EVENT_LIMITS = {
  titleMax: 120,
  descriptionMax: 4000,
  placeMax: 120,
  recurrenceMax: 300,
  capacityMax: 10_000,
  teamNameMax: 60,
  teamSizeMax: 20,
  /** The widest range one GET /api/events answers, so a series cannot be asked for ten thousand dates. */
  rangeMaxDays: 400,
} as const;

// Menu and club details (issue 12): the codes both apps use, without zod.

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

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const CLUB_DETAILS_LIMITS = { addressMax: 300, emailMax: 254 } as const;
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

// Phone codes (issue 11: web-otp-page).
export const PHONE_CODE_RULES = {
  length: 6,
  /** How long a code stays good. */
  expiresInSeconds: 10 * 60,
  /** Wrong codes allowed before the code locks and a new one is needed. */
  maxAttempts: 5,
} as const;
/** The order number people read and say: the first 8 characters of its id, upper case ("3F2A9C1B"). */
export function shortOrderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

/**
 * "Removed by the club from round 4: abusive to staff" — the same words for the admin and the player.
 * Here, not beside the entries' schemas, so that the game screen shows it without loading zod.
 */
export function removalText(removal: { fromRound: number; reason: string }): string {
  return `Removed by the club from round ${removal.fromRound}: ${removal.reason}`;
}
