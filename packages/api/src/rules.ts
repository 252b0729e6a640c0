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

/** Building an Intl formatter costs about a millisecond: built on first use, not when loaded. */
let gbp: Intl.NumberFormat | undefined;

/** Integer pence as pounds the British way: 105000 → "£1,050.00", -250 → "-£2.50". */
export function formatPence(pence: number): string {
  gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  return gbp.format(pence / 100);
}

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
