import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue, decodedCookieValue, readableCookies } from './cookie-header.ts';
import { cookieNames } from './cookie-names.ts';
import { AppError } from './errors.ts';

export const XSRF_HEADER = 'x-xsrf-token';
/** The token cookie's name over plain http; over https it is `__Host-XSRF-TOKEN` (lib/cookie-names.ts). */
export const XSRF_COOKIE = cookieNames(false).xsrf;

/**
 * OWASP's signed double-submit cookie: the token is a random value plus an HMAC over it and the
 * session it was issued for, so a token planted by a sibling subdomain or kept from another session
 * is worthless.
 */
export function createXsrf(opts: { secret: string; secureCookies: boolean; exemptPaths: string[] }) {
  const names = cookieNames(opts.secureCookies);
  /** The request's session cookie value (decoded) as the binding reads it; '' when signed out. */
  const sessionValueOf = (cookieHeader: string | undefined): string =>
    cookieValue(cookieHeader, names.session) ?? '';

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

  // Tokens found valid, by the session cookie's value and the token. A token's validity is a pure
  // function of the two (under the one key), and checking it is a SHA-256 and an HMAC on every
  // request: about a fourteenth of a pick's server CPU at a deadline rush. Oldest forgotten first.
  const known = new Map<string, true>();
  const validFor = (token: string | undefined, session: string): boolean => {
    if (!token) return false;
    const key = `${session}\n${token}`;
    if (known.has(key)) return true;
    if (!isValid(token, session ? bindingOfToken(session) : '')) return false;
    if (known.size >= KNOWN_TOKENS) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
    known.set(key, true);
    return true;
  };

  const setCookie = (reply: FastifyReply, token: string) => {
    reply.setCookie(names.xsrf, token, {
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
      const session = sessionValueOf(cookieHeader);
      return session ? bindingOfToken(session) : '';
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
      const session = sessionValueOf(request.headers.cookie);
      const binding = () => (session ? bindingOfToken(session) : '');
      // Every token cookie sent: beside ours there may be one a sibling site planted (over plain
      // http), sent first. The one we minted for this session counts; the others are ignored.
      const cookieTokens = readableCookies(request.headers.cookie)
        .filter(([name]) => name === names.xsrf)
        .map(([, value]) => value);
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
        if (request.method !== 'OPTIONS' && !cookieTokens.some((token) => validFor(token, session)))
          setCookie(reply, issue(binding()));
        return;
      }
      // Without cookies there is no ambient credential to abuse (the native app sends a bearer token).
      if (!request.headers.cookie) return;
      // The page sends every token it can see, comma-separated (it cannot tell which is ours).
      const headerToken = request.headers[XSRF_HEADER];
      const sent = typeof headerToken === 'string' ? headerToken.split(',').map((t) => t.trim()) : [];
      if (!sent.some((token) => cookieTokens.includes(token) && validFor(token, session))) {
        // A fresh token lets the client retry once it has read the cookie again.
        setCookie(reply, issue(binding()));
        throw new AppError(
          'XSRF_TOKEN_INVALID',
          'This request is missing its security token (X-XSRF-TOKEN). Reload the page and try again.',
        );
      }
    },
  };
}

export type Xsrf = ReturnType<typeof createXsrf>;

/** How many valid (session, token) pairs the check remembers: a few hundred bytes each. */
const KNOWN_TOKENS = 50_000;

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
