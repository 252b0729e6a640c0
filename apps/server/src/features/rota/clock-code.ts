import { createHmac, timingSafeEqual } from 'node:crypto';

// The till's QR code: a token signed for one club that changes every minute and lasts at most two,
// so a photo of it is useless by the time anyone is home. Nothing is stored.

const MINUTE_MS = 60_000;
const VERSION = 'c1';

function signature(secret: string, clubId: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`clock-in|${clubId}|${expires}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The token shown now: valid until the end of the next whole minute. */
export function clockToken(secret: string, clubId: string, now: Date): { token: string; expiresAt: Date } {
  const expires = (Math.floor(now.getTime() / MINUTE_MS) + 2) * MINUTE_MS;
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
  if (expires > now.getTime() + 2 * MINUTE_MS) return 'forged';
  return now.getTime() < expires ? 'ok' : 'expired';
}
