import { ErrorResponse } from '@lastman/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { errorBody } from '../lib/errors.ts';
import type { Access } from './access.ts';

/**
 * `response: { 200: Thing, ...refusals(404, 409) }`: the statuses a route's service refuses with, beyond
 * the ones every route can give (added by registerApiErrors), so that the document lists them all.
 */
export function refusals(...statuses: number[]): Record<number, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse]));
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
  /** Ends in `*`: takes any path below it. */
  wildcard: boolean;
}

/**
 * The answers every /api route can give, documented on the route as it is registered so that the
 * OpenAPI document is complete without each route repeating them: 400 when it takes input, 404 when
 * its path names something, 413 and 415 when it takes a body, 403 when the XSRF check applies, 401
 * unless it is public (when the access rules have not already said so), 429 when rate limited.
 * Unknown /api paths answer 404 in the error shape. Register before any route; then add the hook it
 * returns (`refuseUnsupportedMethods`) as an onRequest hook where a 405 should be answered.
 */
export async function registerApiErrors(
  app: FastifyInstance,
  opts: { xsrfExempt: readonly string[]; rateLimited: boolean },
) {
  const known: KnownRoute[] = [];

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== '/api' && !route.url.startsWith('/api/')) return;
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    remember(known, route.url, methods);
    if (route.schema?.hide) return;
    const schema: FastifySchema = route.schema ?? {};
    const response: Record<string | number, unknown> = { ...(schema.response as object | undefined) };
    const add = (status: number, applies: boolean) => {
      if (applies && response[status] === undefined) response[status] = ErrorResponse;
    };
    const takesBody = schema.body !== undefined;
    const unsafe = methods.some((m) => UNSAFE_METHODS.has(m));
    const access: Access | undefined = route.config?.access;
    add(400, takesBody || schema.params !== undefined || schema.querystring !== undefined);
    add(401, access !== 'public');
    add(403, (unsafe && !opts.xsrfExempt.includes(route.url)) || (access !== 'public' && access !== 'user'));
    add(404, route.url.includes(':'));
    add(413, takesBody || unsafe);
    add(415, takesBody);
    add(429, opts.rateLimited && route.config?.rateLimit !== false);
    route.schema = { ...schema, response };
  });

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? request.url;
        return reply.status(404).send(errorBody('NOT_FOUND', `No such endpoint: ${request.method} ${path}`));
      });
    },
    { prefix: '/api' },
  );

  /**
   * A known /api path called with a method it does not take (TRACE and QUERY included): 405 with
   * Allow, at once. Such a request matched no route, or only a catch-all (better-auth's `/api/auth/*`,
   * the web build's `GET /*`) that the path's own routes speak for. As an onRequest hook after CORS,
   * so a browser can read the answer, and before the XSRF check, the rate limits and the body parser:
   * nothing is done for such a request, so nothing else is asked of it. CORS answers OPTIONS itself.
   */
  async function refuseUnsupportedMethods(request: FastifyRequest, reply: FastifyReply) {
    if (request.method === 'OPTIONS') return;
    if (!request.is404 && !request.routeOptions.url?.endsWith('*')) return;
    const path = request.url.split('?')[0] ?? request.url;
    if (path !== '/api' && !path.startsWith('/api/')) return;
    const allowed = allowedMethods(known, path);
    if (allowed.length === 0 || allowed.includes(request.method)) return;
    return reply
      .status(405)
      .header('allow', allowed.join(', '))
      .send(errorBody('METHOD_NOT_ALLOWED', `${path} does not take ${request.method}.`));
  }

  return { refuseUnsupportedMethods };
}

/**
 * The methods a path takes: those of the routes that match it. A route of its own (better-auth's
 * documented endpoints) speaks for its path, not the catch-all (`/api/auth/*`) that also matches it.
 */
function allowedMethods(known: KnownRoute[], path: string): string[] {
  const matching = known.filter((r) => r.pattern.test(path));
  const own = matching.filter((r) => !r.wildcard);
  return [...new Set((own.length > 0 ? own : matching).flatMap((r) => [...r.methods]))].sort();
}

function remember(known: KnownRoute[], url: string, methods: string[]) {
  const pattern = patternOf(url);
  const existing = known.find((r) => r.pattern.source === pattern.source);
  if (existing) {
    for (const m of methods) existing.methods.add(m);
    return;
  }
  known.push({ pattern, methods: new Set(methods), wildcard: url.split('/').includes('*') });
}

/**
 * A route's URL as a regular expression over request paths: `:param` (with any text around it in its
 * segment, as in `:id.ics`) one segment's worth, `*` the rest.
 */
function patternOf(url: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      return segment
        .split(/(:\w+)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : literal(part)))
        .join('');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}
