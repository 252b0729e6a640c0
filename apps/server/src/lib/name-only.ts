/**
 * A name-only player (a regular without the app, entered in cash by an admin) is a person row with
 * an address under this reserved domain (RFC 2606: `.invalid` never receives mail). No sign-in path
 * takes it, and a session of such a person would be read as signed out.
 */
export const NAME_ONLY_EMAIL_DOMAIN = '@players.invalid';

export function isNameOnlyEmail(email: unknown): boolean {
  return typeof email === 'string' && email.trim().toLowerCase().endsWith(NAME_ONLY_EMAIL_DOMAIN);
}
