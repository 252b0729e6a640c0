import type { Role } from '@lastman/api';
import type { FastifyRequest } from 'fastify';
import { toWebHeaders } from './web-request.ts';

export interface Viewer {
  userId: string;
  clubId: string;
  role: Role;
  name: string;
  email: string;
}

/** Resolves the signed-in user from the session cookie or bearer token, once per request. */
export async function currentViewer(request: FastifyRequest): Promise<Viewer | null> {
  if (request.viewer !== undefined) return request.viewer;
  const read = await request.server.services.sessions(request);
  if (read !== undefined) {
    request.viewer = read;
    return read;
  }
  const session = await request.server.services.auth.api.getSession({ headers: toWebHeaders(request) });
  const u = session?.user as
    | (Record<string, unknown> & { id: string; name: string; email: string })
    | undefined;
  request.viewer =
    u && !u.isAnonymous
      ? {
          userId: u.id,
          clubId: String(u.clubId),
          role: (u.role as Role) ?? 'player',
          name: u.name,
          email: u.email,
        }
      : null;
  return request.viewer;
}
