import { createHmac, timingSafeEqual } from 'node:crypto';

// The till's QR code: a token signed for one club that changes every minute and works for five
// minutes from the minute it was made, long enough to scan it, get the phone out, be spoken to and
// tap "Clock in", yet a photo of it is useless by the time anyone is home. Nothing is stored.
// Security: the HMAC binds club and expiry; a code from further ahead than the server issues is
// refused as forged, so nobody can mint a longer-lived one.
// See docs/decisions/018-timesheets-weeks-locks-and-payroll-csv.md.

const MINUTE_MS = 60_000;
/** How long each code works, counted from the start of the minute it was made in. */
export const CODE_VALID_MINUTES = 5;
const VERSION = 'c1';

function signature(secret: string, clubId: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`clock-in|${clubId}|${expires}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The token shown now: valid for five minutes from the start of this minute (so 4 to 5 from now). */
export function clockToken(secret: string, clubId: string, now: Date): { token: string; expiresAt: Date } {
  const expires = (Math.floor(now.getTime() / MINUTE_MS) + CODE_VALID_MINUTES) * MINUTE_MS;
  return {
    token: `${VERSION}.${expires / 1000}.${signature(secret, clubId, expires)}`,
    expiresAt: new Date(expires),
  };
}

export type TokenCheck = 'ok' | 'expired' | 'forged';

export function checkClockToken(secret: string, clubId: string, token: string, now: Date): TokenCheck {
  const [version, seconds, sig] = token.split('.');
  if (version !== VERSION || !seconds || !/^\d{1,12}$/.test(seconds) || !sig) return 'forged';
  const expires = Number(seconds) * 1000;
  const expected = Buffer.from(signature(secret, clubId, expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
  // A token from further ahead than the server would issue was not issued by it.
  if (expires > now.getTime() + CODE_VALID_MINUTES * MINUTE_MS) return 'forged';
  return now.getTime() < expires ? 'ok' : 'expired';
}
