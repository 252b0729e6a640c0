import { ErrorResponse, type Role } from '@lastman/api';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { currentPerson, isViewer, type Person, type Viewer } from './guards.ts';

/**
 * Who may call a route, declared where the route is registered:
 *   `public`  anyone, signed in or not (club data only by the club's public slug);
 *   `user`    any signed-in person, for their own account only (not one club's data);
 *   `member`  a signed-in member, on the data of the club they act in;
 *   `staff`   staff or admin of that club;
 *   `admin`   admin of that club;
 *   `platform` a person who runs the server (PLATFORM_ADMINS), in a club or not: data every club shares.
 * The club always comes from the session's viewer, never from the request.
 */
export const ACCESS_LEVELS = ['public', 'user', 'member', 'staff', 'admin', 'platform'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** One row of the server's route table, as registered (HEAD routes Fastify adds included). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route (see http/access.ts). */
    access?: Access;
    /**
     * A `member` or `user` route whose own statement checks the session (the pick, GET /api/me):
     * when this process knows the request's session token, the session is not read before the
     * route; the route's statement checks it, and when that statement does not take the request
     * the route calls `sessionAfterStatement`, which reads it and applies the rule as for every
     * other route.
     */
    sessionInStatement?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route, and every page that declares one, with its access rule, in registration order (for tests and tools). */
    accessTable: readonly DeclaredRoute[];
  }
}

const roleRank: Record<Role, number> = { player: 0, staff: 1, admin: 2 };
const requiredRank: Partial<Record<Access, number>> = { member: 0, staff: 1, admin: 2 };

/** Routes a plugin registers for us (the Swagger UI), with no way to pass them a declaration. */
const UNDECLARED_PUBLIC = ['/api/docs'];

/** How the OpenAPI document names the two ways to send a session (see app.ts). */
const SIGNED_IN: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];

/**
 * Makes the access rule part of every route: a /api route registered without one stops the server
 * at start-up, and the rule is checked as the request arrives (before its body is even read), so a
 * handler cannot forget it. Register before any route.
 */
export function registerAccessRules(app: FastifyInstance) {
  const table: DeclaredRoute[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    // Pages outside /api (the club's public pages) join the table when they declare their rule.
    if (!isApiPath(route.url) && route.config?.access === undefined) return;
    let access = route.config?.access;
    if (access === undefined && UNDECLARED_PUBLIC.some((p) => isUnder(route.url, p))) {
      access = 'public';
      route.config = { ...route.config, access };
    }
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access rule: add config.access (${ACCESS_LEVELS.join(' | ')}).`,
      );
    }
    // A plugin's '/' route under a prefix is also routed at `prefix/`, with the same options but
    // without a call to onRoute (its HEAD twin does get one): list it too, so the table is the router's.
    const { routePath } = route as RouteOptions & { routePath?: string };
    const twin = routePath === '' && (route.prefixTrailingSlash ?? 'both') === 'both';
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, access });
      if (twin && method !== 'HEAD') table.push({ method, url: `${route.url}/`, access });
    }
    if (access === 'public') return;

    const required = access;
    const inStatement = route.config?.sessionInStatement === true;
    if (inStatement && required !== 'member' && required !== 'user') {
      throw new Error(
        `${String(route.method)} ${route.url}: sessionInStatement is for member and user routes only.`,
      );
    }
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [
      async (request: FastifyRequest) => {
        if (inStatement && leftToStatement(request)) return;
        await enforce(request, required);
      },
      ...existing,
    ];
    route.schema = documented(route.schema, required);
  });
}

function isApiPath(url: string) {
  return isUnder(url, '/api');
}

function isUnder(url: string, prefix: string) {
  return url === prefix || url.startsWith(`${prefix}/`);
}

const NO_CLUB = 'You are not a member of a club yet: join one with its link or code, or start your own.';

async function enforce(request: FastifyRequest, access: Access) {
  const person = await currentPerson(request);
  if (!person) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (access === 'platform') {
    const own = person.email.trim().toLowerCase();
    if (!request.server.services.config.PLATFORM_ADMINS.some((e) => e.trim().toLowerCase() === own)) {
      throw new AppError('FORBIDDEN', 'Only the people who run this server can do that.');
    }
    return;
  }
  const needed = requiredRank[access];
  if (needed === undefined) return;
  if (!isViewer(person)) throw new AppError('FORBIDDEN', NO_CLUB);
  if (roleRank[person.role] < needed) {
    throw new AppError('FORBIDDEN', `Only ${access === 'admin' ? 'club admins' : 'club staff'} can do that.`);
  }
}

/**
 * Whether the session check is left to the route's statement: the session was not read before (by
 * the rate limit) and this process knows its token (http/session-reader.ts `known`).
 */
function leftToStatement(request: FastifyRequest): boolean {
  if (request.viewer !== undefined) return false;
  const known = request.knownSession ?? request.server.services.sessions.known(request);
  if (!known) return false;
  request.knownSession = known;
  return true;
}

/**
 * On a `sessionInStatement` route whose statement did not take the request: the session read and
 * the route's rule applied as on every other route (401, 403 as they are). `readAsTheStatement`:
 * the session reader took the session as it was, so the statement's own check of it passed and the
 * request failed on the route's other conditions.
 */
export async function sessionAfterStatement(
  request: FastifyRequest,
  access: 'member' | 'user',
): Promise<{ readAsTheStatement: boolean }> {
  let readAsTheStatement = false;
  if (request.viewer === undefined) {
    const read = await request.server.services.sessions(request);
    if (read !== undefined) {
      request.viewer = read;
      readAsTheStatement = read !== null;
    }
  }
  await enforce(request, access);
  return { readAsTheStatement };
}

/** sessionAfterStatement on a `member` route, with the viewer it let through. */
export async function viewerAfterStatement(
  request: FastifyRequest,
): Promise<{ viewer: Viewer; readAsTheStatement: boolean }> {
  const { readAsTheStatement } = await sessionAfterStatement(request, 'member');
  return { viewer: viewerOf(request), readAsTheStatement };
}

/**
 * The rule as the OpenAPI document shows it: the session it needs, and the refusals it implies
 * (only where the route documents its responses: a first one documented would hide its 200).
 */
function documented(schema: FastifySchema | undefined, access: Access): FastifySchema {
  const withSession = { ...schema, security: schema?.security ?? SIGNED_IN };
  if (!schema?.response || typeof schema.response !== 'object') return withSession;
  const response = { ...(schema.response as Record<string, unknown>) };
  response[401] ??= ErrorResponse;
  if (requiredRank[access] || access === 'platform') response[403] ??= ErrorResponse;
  return { ...withSession, response };
}

/** The signed-in person acting in a club, on a route declared `member`, `staff` or `admin`. */
export function viewerOf(request: FastifyRequest): Viewer {
  const viewer = request.viewer;
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (!isViewer(viewer)) throw new AppError('FORBIDDEN', NO_CLUB);
  return viewer;
}

/** The signed-in person on a route declared `user` (their own account: they may be in no club). */
export function personOf(request: FastifyRequest): Person {
  const person = request.viewer;
  if (!person) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return person;
}
