import { ageOn, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_SIGN_UP_AGE } from '@lastman/api/account/rules';

export { MIN_PASSWORD_LENGTH };

export type Errors<K extends string> = Partial<Record<K, string>>;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
    return 'Enter a valid email address, like name@example.com.';
  return undefined;
}

export function newPasswordError(password: string): string | undefined {
  if (!password) return 'Choose a password.';
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}

/** Date of birth as YYYY-MM-DD, in the past and plausible. */
export function dateOfBirthError(value: string, today = new Date()): string | undefined {
  if (!value) return 'Enter your date of birth.';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'Enter a date like 1990-04-23.';
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return 'Enter a real date.';
  if (date.getTime() > today.getTime()) return 'Your date of birth cannot be in the future.';
  if (Number(match[1]) < today.getUTCFullYear() - 120) return 'Check the year of your date of birth.';
  if (ageOn(value, today) < MIN_SIGN_UP_AGE) return `You must be at least ${MIN_SIGN_UP_AGE} to join.`;
  return undefined;
}

export function phoneError(phone: string): string | undefined {
  if (!phone.trim()) return undefined;
  if (!/^\+?[\d\s()-]{7,20}$/.test(phone.trim())) return 'Enter a phone number like 07700 900123.';
  return undefined;
}
