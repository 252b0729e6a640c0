import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@lastman/api';
import { dictionary } from '@zxcvbn-ts/language-common';

// The list is ordered by frequency; its first 10,000 are "the 10,000 most common passwords".
const common = new Set(dictionary['passwords-common'].slice(0, 10_000));

/** NIST SP 800-63B: a minimum length and a blocklist of common passwords, no composition rules. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  }
  if (common.has(password.toLowerCase())) {
    return 'This password is too common. Choose one that is harder to guess.';
  }
  return null;
}
