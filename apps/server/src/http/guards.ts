import type { Role } from '@lastman/api';
import type { FastifyRequest } from 'fastify';
import { findMembership } from '../db/acting-club.ts';
import { isNameOnlyEmail } from '../lib/name-only.ts';
import { toWebHeaders } from './web-request.ts';

/**
 * The signed-in person. `clubId` and `role` are their membership of the club the session acts in
 * (docs/decisions/019-memberships-and-the-acting-club.md); both null for a person in no club (they
 * left it, or were removed).
 */
export interface Person {
  userId: string;
  clubId: string | null;
  role: Role | null;
  name: string;
  email: string;
  /** The session's token, for the club switcher to write the session's club. */
  sessionToken?: string | undefined;
}

/** A person acting in a club: what every club-scoped service takes. */
export interface Viewer extends Person {
  clubId: string;
  role: Role;
}

export function isViewer(person: Person | null | undefined): person is Viewer {
  return !!person && person.clubId !== null && person.role !== null;
}

/** Resolves the signed-in person from the session cookie or bearer token, once per request. */
export async function currentPerson(request: FastifyRequest): Promise<Person | null> {
  if (request.viewer !== undefined) return request.viewer;
  const read = await request.server.services.sessions(request);
  if (read !== undefined) {
    request.viewer = read;
    return read;
  }
  const found = await request.server.services.auth.api.getSession({ headers: toWebHeaders(request) });
  const u = found?.user as
    | (Record<string, unknown> & { id: string; name: string; email: string })
    | undefined;
  if (!found || !u || u.isAnonymous || isNameOnlyEmail(u.email)) {
    request.viewer = null;
    return null;
  }
  const s = found.session as Record<string, unknown> & { token: string };
  const clubId = (s.activeClubId as string | null | undefined) ?? (u.lastClubId as string | null | undefined);
  const membership = clubId
    ? await findMembership(request.server.services.db, { userId: u.id, clubId })
    : undefined;
  request.viewer = {
    userId: u.id,
    clubId: membership?.clubId ?? null,
    role: membership?.role ?? null,
    name: u.name,
    email: u.email,
    sessionToken: s.token,
  };
  return request.viewer;
}

/** The signed-in person acting in a club, or null (signed out, or in no club). */
export async function currentViewer(request: FastifyRequest): Promise<Viewer | null> {
  const person = await currentPerson(request);
  return isViewer(person) ? person : null;
}
