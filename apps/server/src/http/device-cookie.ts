import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): after a sign-in
 * succeeds, the browser keeps a token that names the account (a keyed hash of its email address,
 * never the address) and is signed with the auth secret. A password sign-in that carries one for
 * the account it tries is a known device: strangers' failures do not throttle it (rate-limits.ts).
 * It outlives the session: signing out keeps it, as the device is still the owner's.
 */
export const DEVICE_COOKIE = 'lastman-device';
/**
 * The native app keeps no cookies (it calls the API by absolute URL with a bearer token): it sends
 * its device tokens in this request header (empty before the first sign-in) and stores what comes
 * back in `set-device-token`.
 */
export const DEVICE_TOKEN_HEADER = 'device-token';
export const SET_DEVICE_TOKEN_HEADER = 'set-device-token';
/** A year, in seconds: long enough that the owner's own devices are still known next season. */
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** A tablet shared by a family or a pub's staff knows this many accounts, the latest signed in first. */
const MAX_ACCOUNTS = 5;

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

export function createDeviceCookies(opts: { secret: string; secureCookies: boolean }) {
  const key = createHash('sha256').update(`device-cookie:${opts.secret}`).digest();
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('base64url');

  /** The account as the token names it: the same for every spelling of its email address. */
  const accountOf = (email: string) => mac(`account:${email.trim().toLowerCase()}`).slice(0, 22);

  /** `account.device.signature`, several joined by `~` (both safe in a cookie and a header). */
  function validTokens(value: string | undefined): { account: string; device: string; token: string }[] {
    if (!value) return [];
    const found = [];
    for (const token of value.split('~').slice(0, MAX_ACCOUNTS)) {
      const [account, device, signature, extra] = token.split('.');
      if (!account || !device || !signature || extra !== undefined) continue;
      const expected = Buffer.from(mac(`${account}.${device}`));
      const given = Buffer.from(signature);
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        found.push({ account, device, token });
      }
    }
    return found;
  }

  /** The tokens a request carries: the app's header, else the browser's cookie. */
  function carried(request: FastifyRequest) {
    const header = request.headers[DEVICE_TOKEN_HEADER];
    if (typeof header === 'string') return validTokens(header);
    return validTokens(request.cookies[DEVICE_COOKIE]);
  }

  return {
    /** The device's id when the request carries a valid device token for the account of `email`. */
    deviceFor(request: FastifyRequest, email: string): string | undefined {
      const account = accountOf(email);
      return carried(request).find((t) => t.account === account)?.device;
    },

    /** After a successful sign-in to the account of `email`: a new token for it, first in the list. */
    issue(request: FastifyRequest, reply: FastifyReply, email: string) {
      const account = accountOf(email);
      const device = randomBytes(12).toString('base64url');
      const fresh = `${account}.${device}.${mac(`${account}.${device}`)}`;
      const others = carried(request)
        .filter((t) => t.account !== account)
        .map((t) => t.token);
      const value = [fresh, ...others].slice(0, MAX_ACCOUNTS).join('~');
      reply.setCookie(DEVICE_COOKIE, value, {
        // Sent only to the sign-in endpoints, where it is read.
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        maxAge: DEVICE_COOKIE_MAX_AGE,
      });
      if (typeof request.headers[DEVICE_TOKEN_HEADER] === 'string') {
        reply.header(SET_DEVICE_TOKEN_HEADER, value);
      }
    },
  };
}
