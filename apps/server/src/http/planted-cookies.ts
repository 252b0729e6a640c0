import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodedCookieValue } from '../lib/cookie-header.ts';

/**
 * Cookies a sibling site planted for our host (`Domain=.example.com`, or a longer Path so the
 * browser sends them first) are taken out of the request before anything reads it: the XSRF check,
 * the session reader and better-auth then see the Cookie header as if they had never been set.
 *
 * - A pair whose value does not decode (`better-auth.session_token=%`): always (lib/cookie-header.ts).
 * - A session cookie sent beside another of its name whose signature is not ours: a junk one would
 *   otherwise be read first and sign the person out (better-auth would even clear the real one).
 *   Only checked when the name comes more than once: a single one is read (and refused) as before,
 *   so the common request pays no HMAC here.
 *
 * Over https the cookies carry `__Host-` names (lib/cookie-names.ts), which no sibling can set; this
 * is what protects plain http deployments and old browsers. A planted XSRF token is handled by the
 * XSRF check, which takes whichever of the tokens sent it minted (lib/xsrf.ts).
 */
export function registerPlantedCookieFilter(
  app: FastifyInstance,
  opts: { secret: string; sessionCookie: string },
): void {
  const key = createSecretKey(Buffer.from(opts.secret, 'utf8'));
  const signedByUs = (value: string): boolean => {
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return false;
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', key).update(value.slice(0, dot)).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.raw.headers.cookie;
    if (header) {
      const kept = withoutPlantedCookies(header, opts.sessionCookie, signedByUs);
      if (kept === null) delete request.raw.headers.cookie;
      else if (kept !== header) request.raw.headers.cookie = kept;
    }
    done();
  });
}

/** The Cookie header without the pairs described above; null when nothing is left. */
export function withoutPlantedCookies(
  header: string,
  sessionCookie: string,
  signedByUs: (value: string) => boolean,
): string | null {
  const parts = header
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq > 0 ? part.slice(0, eq).trim() : '';
      const value = eq > 0 ? decodedCookieValue(part.slice(eq + 1).trim()) : null;
      return { part, name, value };
    });
  const sessions = parts.filter((p) => p.name === sessionCookie && p.value !== null).length;
  const kept = parts.filter(
    (p) => p.value !== null && (sessions < 2 || p.name !== sessionCookie || signedByUs(p.value)),
  );
  if (kept.length === parts.length) return header;
  return kept.length > 0 ? kept.map((p) => p.part).join('; ') : null;
}
