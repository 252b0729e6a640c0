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
}

/**
 * The answers every /api route can give, documented on the route as it is registered so that the
 * OpenAPI document is complete without each route repeating them: 400 when it takes input, 404 when
 * its path names something, 413 and 415 when it takes a body, 403 when the XSRF check applies, 401
 * unless it is public (when the access rules have not already said so), 429 when rate limited.
 * Also answers 405 with Allow for a known /api path called with a method it does not take.
 * Register before any route.
 */
export function registerApiErrors(
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

  return app.register(
    async (api) => {
      api.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? request.url;
        const allowed = new Set(known.filter((r) => r.pattern.test(path)).flatMap((r) => [...r.methods]));
        if (allowed.size > 0) {
          return reply
            .status(405)
            .header('allow', [...allowed].sort().join(', '))
            .send(errorBody('METHOD_NOT_ALLOWED', `${path} does not take ${request.method}.`));
        }
        return reply.status(404).send(errorBody('NOT_FOUND', `No such endpoint: ${request.method} ${path}`));
      });
    },
    { prefix: '/api' },
  );
}

function remember(known: KnownRoute[], url: string, methods: string[]) {
  const existing = known.find((r) => r.pattern.source === patternOf(url).source);
  if (existing) {
    for (const m of methods) existing.methods.add(m);
    return;
  }
  known.push({ pattern: patternOf(url), methods: new Set(methods) });
}

/** A route's URL as a regular expression over request paths: `:param` one segment, `*` the rest. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}
