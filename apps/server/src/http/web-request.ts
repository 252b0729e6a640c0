import type { FastifyRequest } from 'fastify';
import { withoutUnreadableCookies } from '../lib/cookie-header.ts';

/** The client IP as Fastify determined it (honouring TRUST_PROXY); clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-lastman-client-ip';
/**
 * The origin the request was sent to (scheme and Host, through TRUST_PROXY), set by us. A browser's
 * Origin equal to it is a same-origin request: whatever name or address the server was reached at,
 * the page that sent it was served from that very origin, so it is not cross-site.
 */
export const REQUEST_ORIGIN_HEADER = 'x-lastman-request-origin';
/** Set by the rate limits on a password reset request past its email address's share: send nothing. */
export const RESET_EMAIL_HELD_HEADER = 'x-lastman-reset-email-held';

/**
 * Fastify's headers as a WHATWG Headers object, with our own headers set by us, never by the client,
 * and without the cookies whose value does not decode: better-auth takes the first cookie of a name
 * and keeps an undecodable one as sent, so a planted `better-auth.session_token=%` before the real
 * one would sign the person out (lib/cookie-header.ts).
 */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith('x-lastman-')) continue;
    if (name === 'cookie') {
      const readable = withoutUnreadableCookies(String(value));
      if (readable) headers.set(name, readable);
      continue;
    }
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const origin = requestOrigin(request);
  if (origin) headers.set(REQUEST_ORIGIN_HEADER, origin);
  return headers;
}

function requestOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}
