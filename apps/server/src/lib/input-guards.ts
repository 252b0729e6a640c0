import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** No request body of ours nests deeper than a few levels; this leaves room and stops a stack attack. */
export const MAX_JSON_DEPTH = 32;

/**
 * Rules every request meets before any route sees it, kept here rather than in each schema:
 * - JSON bodies nest at most MAX_JSON_DEPTH deep (a deeper one overflowed the stack in better-auth's
 *   mount, a 500); parsing is still Fastify's own, with its prototype-poisoning protection.
 * - No NUL character in a path parameter, the query or a JSON body: PostgreSQL refuses it in text, so
 *   it would reach the database as a 500.
 * Registered once, before any route, so every route (better-auth's mount included) inherits them.
 * (Percent-encoded paths are made plain before routing: see canonicalUrl.)
 */
export function registerInputGuards(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestingDepth(text) > MAX_JSON_DEPTH) {
      done(
        new AppError(
          'BAD_REQUEST',
          `The request body nests too deeply: JSON objects and arrays may nest at most ${MAX_JSON_DEPTH} levels.`,
        ),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    const where = nulIn(request);
    if (where) {
      throw new AppError('VALIDATION_FAILED', `Invalid input. ${where}: must not contain a NUL character.`);
    }
  });
}

/**
 * The URL with percent-encoded unreserved characters in its path decoded (RFC 3986 6.2.2.2: they
 * mean the same), given to Fastify as rewriteUrl. The router decodes them anyway, so `/%61pi/...`
 * reached the `/api/...` routes while every check reading the URL (rate limits, XSRF) saw no API
 * call in it; now they all read the path the router matched. Other escapes (`%2F`, `%00`) stay.
 */
export function canonicalUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.includes('%')) return url;
  const plain = path.replace(/%([0-9A-Fa-f]{2})/g, (escaped, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9._~-]/.test(c) ? c : escaped;
  });
  return query === -1 ? plain : plain + url.slice(query);
}

/** The deepest nesting of objects and arrays in a JSON text, counted without parsing it. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character, which may be a quote.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** Where the first NUL character of a request's input is, as `params.id`, `query.q` or a body field. */
function nulIn(request: FastifyRequest): string | null {
  return (
    nulPath(request.params, 'params') ??
    nulPath(request.query, 'query') ??
    (Buffer.isBuffer(request.body) ? null : nulPath(request.body, 'body'))
  );
}

function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path === 'body' ? key : `${path}.${key}`;
    if (key.includes('\0')) return path;
    const found = nulPath(inner, at);
    if (found) return found;
  }
  return null;
}
