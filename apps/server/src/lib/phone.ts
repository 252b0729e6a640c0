import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The number in E.164 (+447700900123), read as a number of `country` when written without +;
 * null when it cannot be a real number there. One spelling per number, so that limits, codes and
 * the unique verified number all count one number once. "Possible" (its length fits the country)
 * rather than "valid" (an allocated range): Ofcom's drama numbers (07700 900xxx) stay usable for
 * demos and tests, and a number that is not anyone's simply never receives its code.
 */
export function toE164(input: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country as CountryCode);
  return parsed?.isPossible() ? parsed.number : null;
}

/** The number with all but its last three digits hidden, for messages and the log. */
export function maskedNumber(e164: string): string {
  return `${e164.slice(0, 3)}${'•'.repeat(Math.max(0, e164.length - 6))}${e164.slice(-3)}`;
}
