// The account rules both apps apply, written once. No zod here: the web app's first chunk
// imports this module (`@lastman/api/account/rules`), and the account schemas read their limits from it.

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

/** The longest an email address can be (RFC 5321), wherever one is given. */
export const MAX_EMAIL_LENGTH = 254;

// Phone codes.
export const PHONE_CODE_RULES = {
  length: 6,
  /** How long a code stays good. */
  expiresInSeconds: 10 * 60,
  /** Wrong codes allowed before the code locks and a new one is needed. */
  maxAttempts: 5,
} as const;
