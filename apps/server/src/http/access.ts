import type { Role } from '@lastman/api';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { currentViewer, type Viewer } from '../auth/guards.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Who may call a route, declared where the route is registered:
 *   `public`  anyone, signed in or not (club data only by the club's public slug);
 *   `user`    any signed-in person, for their own account only (not one club's data);
 *   `member`  a signed-in member, on the data of the club they act in;
 *   `staff`   staff or admin of that club;
 *   `admin`   admin of that club.
 * The club always comes from the session's viewer, never from the request.
 */
export const ACCESS_LEVELS = ['public', 'user', 'member', 'staff', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route (see http/access.ts). */
    access?: Access;
  }
}

const roleRank: Record<Role, number> = { player: 0, staff: 1, admin: 2 };
const requiredRank: Partial<Record<Access, number>> = { member: 0, staff: 1, admin: 2 };

/** Routes a plugin registers for us, with no way to pass them a declaration. */
const UNDECLARED_PUBLIC = ['/api/docs'];

/**
 * Makes the access rule part of every route: a /api route registered without one stops the server
 * at start-up, and the rule is checked before the handler runs, so a handler cannot forget it.
 * Register before any route.
 */
export function registerAccessRules(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiPath(route.url)) return;
    const declared = route.config?.access;
    if (declared === undefined && UNDECLARED_PUBLIC.some((p) => route.url.startsWith(p))) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    if (!declared || !ACCESS_LEVELS.includes(declared)) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access rule: add config.access (${ACCESS_LEVELS.join(' | ')}).`,
      );
    }
    if (declared === 'public') return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [async (request: FastifyRequest) => enforce(request, declared), ...existing];
  });
}

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/');
}

async function enforce(request: FastifyRequest, access: Access) {
  const viewer = await currentViewer(request);
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  const needed = requiredRank[access];
  if (needed !== undefined && roleRank[viewer.role] < needed) {
    throw new AppError('FORBIDDEN', `Only ${access === 'admin' ? 'club admins' : 'club staff'} can do that.`);
  }
}

/** The signed-in viewer of a route declared `user`, `member`, `staff` or `admin`. */
export function viewerOf(request: FastifyRequest): Viewer {
  const viewer = request.viewer;
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return viewer;
}
