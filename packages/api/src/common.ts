import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from './account/rules.ts';

export const ErrorResponse = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Role = z.enum(['player', 'staff', 'admin']);
export type Role = z.infer<typeof Role>;

/**
 * Only dates that exist, leap days included, in the years 1000 to 9999 (PostgreSQL has no year 0):
 * said in the pattern itself rather than in a refinement, so that the OpenAPI document describes
 * exactly what the server takes.
 */
const REAL_DATE =
  /^(?:[1-9]\d{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:[1-9]\d(?:[2468][048]|[13579][26]|0[48])|(?:[2468][048]|[13579][26])00)-02-29)$/;

/** A calendar date as `YYYY-MM-DD` that really exists. */
export const IsoDate = z.string().regex(REAL_DATE, 'must be a real date as YYYY-MM-DD');

/**
 * An email address: zod's rule, with each domain label as hostnames have them (no leading or trailing
 * dash, at most 63 characters) and the whole at most 254 characters (RFC 5321), so that what the
 * server takes is also `format: email` to a client. The one schema of every address a request gives.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export const Email = z
  .email({ pattern: EMAIL_PATTERN, error: 'must be an email address' })
  .max(MAX_EMAIL_LENGTH);

/**
 * Spaces around the number are allowed and trimmed; the number itself starts with + or a digit and
 * ends with a digit or ")", so the pattern holds before trimming exactly when it holds after, and the
 * document (which shows the pattern of the untrimmed input) says what the server takes.
 */
export const PhoneNumber = z
  .string()
  .regex(/^\s*\+?[0-9][0-9 ()-]{4,18}[0-9)]\s*$/, 'must be a phone number, such as +44 7700 900123')
  .trim();

/** A row's id: every id the API hands out is a UUID, so anything else is refused before a query. */
export const Id = z.uuid('must be an id as the API gives it (a UUID)');

/**
 * Control characters: the C0 set (tab and line breaks included), DEL, the C1 set, and Unicode's line
 * and paragraph separators. A name holds none: it goes on one line of a calendar (a line break there
 * starts a property of the sender's choosing), an email's subject, a CSV cell.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
export const ONE_LINE_MESSAGE = 'must not hold line breaks or control characters';
/** Free text (a description, notes) may run over lines and hold tabs, but no other control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const PLAIN_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]*$/;
export const PLAIN_TEXT_MESSAGE = 'must not hold control characters';

/** Free text, possibly empty, over lines if it likes (see PLAIN_TEXT). */
export function plainText(max: number) {
  return z.string().regex(PLAIN_TEXT, PLAIN_TEXT_MESSAGE).max(max);
}

/** A name or title, possibly empty: one line, no control characters (see ONE_LINE). */
export function oneLineText(max: number) {
  return z.string().regex(ONE_LINE, ONE_LINE_MESSAGE).max(max);
}

/**
 * Text that must say something besides spaces, trimmed only after it is checked: so the document's
 * pattern and maxLength are the whole rule ("\t" alone was refused though the document allowed it).
 * It may run over lines (a message, a notification's body); a name is requiredName.
 */
export function requiredText(max: number, empty = 'is required') {
  return z.string().regex(/\S/, empty).regex(PLAIN_TEXT, PLAIN_TEXT_MESSAGE).max(max).trim();
}

/** A name or title that must say something: one line, no control characters (see ONE_LINE). */
export function requiredName(max: number, empty = 'is required') {
  return z.string().regex(/\S/, empty).regex(ONE_LINE, ONE_LINE_MESSAGE).max(max).trim();
}
