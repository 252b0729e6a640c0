import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue, decodedCookieValue } from './cookie-header.ts';
import { AppError } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SESSION_COOKIES = ['__Secure-better-auth.session_token', 'better-auth.session_token'];

/**
 * OWASP's signed double-submit cookie: the token is a random value plus an HMAC over it and the
 * session it was issued for, so a token planted by a sibling subdomain or kept from another session
 * is worthless.
 */
export function createXsrf(opts: { secret: string; secureCookies: boolean; exemptPaths: string[] }) {
  // A key object made once: an HMAC keyed by raw bytes imports the key again on every request.
  const key = createSecretKey(createHash('sha256').update(`xsrf:${opts.secret}`).digest());

  const mac = (nonce: string, binding: string) =>
    createHmac('sha256', key).update(`${nonce}.${binding}`).digest('base64url');

  const issue = (binding: string) => {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${mac(nonce, binding)}`;
  };

  const isValid = (token: string | undefined, binding: string) => {
    if (!token) return false;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    const expected = Buffer.from(mac(nonce, binding));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const setCookie = (reply: FastifyReply, token: string) => {
    reply.setCookie(XSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      secure: opts.secureCookies,
      httpOnly: false,
    });
  };

  return {
    /**
     * The session a request belongs to, as the token's binding ('' when signed out), read from the
     * Cookie header as the session reader and better-auth read it (lib/cookie-header.ts).
     */
    bindingOf(cookieHeader: string | undefined): string {
      for (const name of SESSION_COOKIES) {
        const value = cookieValue(cookieHeader, name);
        if (value) return bindingOfToken(value);
      }
      return '';
    },
    issueFor(reply: FastifyReply, binding: string) {
      setCookie(reply, issue(binding));
    },
    /** onRequest hook for /api: hands out tokens on reads, checks them on writes. */
    async check(request: FastifyRequest, reply: FastifyReply) {
      // The route the router matched, not the URL as sent: `/%61pi/...` is routed as `/api/...`.
      // Unmatched paths are checked by their decoded URL, to be safe; they answer 404 anyway.
      const path = request.routeOptions.url ?? decodedPath(request.url);
      if (!path.startsWith('/api/') || opts.exemptPaths.includes(path)) return;
      const binding = this.bindingOf(request.headers.cookie);
      const cookieToken = cookieValue(request.headers.cookie, XSRF_COOKIE) ?? undefined;
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
        if (request.method !== 'OPTIONS' && !isValid(cookieToken, binding)) setCookie(reply, issue(binding));
        return;
      }
      // Without cookies there is no ambient credential to abuse (the native app sends a bearer token).
      if (!request.headers.cookie) return;
      const headerToken = request.headers[XSRF_HEADER];
      if (typeof headerToken !== 'string' || headerToken !== cookieToken || !isValid(headerToken, binding)) {
        // A fresh token lets the client retry once it has read the cookie again.
        setCookie(reply, issue(binding));
        throw new AppError(
          'XSRF_TOKEN_INVALID',
          'This request is missing its security token (X-XSRF-TOKEN). Reload the page and try again.',
        );
      }
    },
  };
}

export type Xsrf = ReturnType<typeof createXsrf>;

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The binding of a session cookie's value as set (percent-encoded); a value that does not decode
 * names no session.
 */
export function sessionBinding(sessionCookieValue: string): string {
  const decoded = decodedCookieValue(sessionCookieValue);
  return decoded ? bindingOfToken(decoded) : '';
}

/** The session cookie is `token.signature`; the token part identifies the session. */
function bindingOfToken(decodedValue: string): string {
  const token = decodedValue.split('.')[0] ?? '';
  return createHash('sha256').update(token).digest('base64url');
}
