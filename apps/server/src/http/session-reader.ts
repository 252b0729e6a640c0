import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { Role } from '@lastman/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actingClubId } from '../db/acting-club.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { clubs, memberships, session, user } from '../db/schema/index.ts';
import { cookieValue } from '../lib/cookie-header.ts';
import { isNameOnlyEmail } from '../lib/name-only.ts';
import type { Person } from './guards.ts';

/** A session token this process has read before, and its person: who sent it, never whether it still holds. */
export interface KnownSession {
  /** The session's token (its signature checked). */
  token: string;
  userId: string;
}

export interface SessionReader {
  /** Undefined: not decided here, ask better-auth. */
  (request: FastifyRequest): Promise<Person | null | undefined>;
  /**
   * The person whose signed session token the request carries, when this process has read that
   * session before and found it current; no query, no HMAC. A session's person never changes, so
   * this names who sent the request, never whether the session still holds (it may have been revoked
   * or expired since): for the rate limit's key, and for a statement that checks the session itself
   * (the pick, game/picks/queries.ts pickWithSession). Null when not known here.
   */
  known(request: FastifyRequest): KnownSession | null;
  /**
   * The earliest expiry of a session the reader takes as it is, now (real time): one expiring sooner
   * is expired or due for its extension, which better-auth does. A statement that checks a session
   * itself refuses those, and leaves them to the full path.
   */
  freshExpiry(): Date;
}

/**
 * How many signed tokens `known` remembers, oldest forgotten first: a few hundred bytes each, so
 * about 15 MB at most; a deadline rush of every club on one server fits, and a token forgotten is
 * simply read again.
 */
const KNOWN_SESSIONS = 50_000;

/**
 * Reads the signed-in user of a request in one prepared query, for the common case only: a valid
 * signed session token (cookie or bearer) whose session is current and not yet due for refreshing.
 * An unsigned bearer token is refused here outright (as better-auth's bearer plugin, with
 * requireSignature, refuses it). Anything else (a badly signed token, an expired session, one
 * better-auth would extend) is left to better-auth's own getSession, which remains the one authority
 * on sessions. Measured:
 * better-auth's getSession costs two queries and three WebCrypto HMACs per request, about half of a
 * signed-in GET (bench/pick-rush.ts).
 */
export function createSessionReader(opts: {
  db: Db;
  secret: string;
  /** The session cookie's name, as better-auth sets it (with its prefix). */
  cookieName: Promise<string>;
  /** better-auth's session.expiresIn and session.updateAge, in seconds. */
  expiresIn: number;
  updateAge: number;
}): SessionReader {
  const { db, secret, expiresIn, updateAge } = opts;
  let cookieName: string | null = null;
  void opts.cookieName.then((name) => {
    cookieName = name;
  });

  // A key object made once: an HMAC keyed by a string imports the key again on every request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const signatureOf = (value: string) => createHmac('sha256', key).update(value).digest();

  /** The session token if the signed value's signature is ours; null otherwise. */
  const verified = (signed: string): string | null => {
    const dot = signed.lastIndexOf('.');
    if (dot <= 0) return null;
    const given = Buffer.from(signed.slice(dot + 1), 'base64');
    const value = signed.slice(0, dot);
    const expected = signatureOf(value);
    return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
  };

  const credential = (request: FastifyRequest): string | null | undefined => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      if (authorization.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
      const token = authorization.slice(7).trim();
      // Only the signed token given at sign-in (set-auth-token) is a credential: a raw session token
      // copied from the database must not work, and must stop working when AUTH_SECRET changes.
      if (!token.includes('.')) return null;
      return token.includes('%') ? safeDecode(token) : token;
    }
    const cookies = request.headers.cookie;
    if (!cookies) return null;
    if (cookieName === null) return undefined;
    // The first session cookie that decodes: one that does not is as if not sent (lib/cookie-header.ts).
    return cookieValue(cookies, cookieName);
  };

  /** The earliest expiry taken as it is at `nowMs`: one sooner is expired or due for extension. */
  const freshExpiry = (nowMs: number) => new Date(nowMs + Math.max(0, expiresIn - updateAge) * 1000);

  // By the signed value as sent: one found here had its signature checked when it was read.
  const knownSessions = new Map<string, KnownSession>();
  const remember = (signed: string, known: KnownSession) => {
    if (knownSessions.has(signed)) return;
    if (knownSessions.size >= KNOWN_SESSIONS) {
      const oldest = knownSessions.keys().next();
      if (!oldest.done) knownSessions.delete(oldest.value);
    }
    knownSessions.set(signed, known);
  };

  const read = async (request: FastifyRequest): Promise<Person | null | undefined> => {
    const signed = credential(request);
    if (signed === null) return null;
    if (signed === undefined) return undefined;
    const token = verified(signed);
    if (token === null) return undefined;
    const statement = prepared(db, 'session_viewer', () =>
      db
        .select({
          expiresAt: session.expiresAt,
          userId: user.id,
          name: user.name,
          email: user.email,
          clubId: clubs.id,
          role: memberships.role,
          isAnonymous: user.isAnonymous,
        })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        // The membership of the club the session acts in (db/acting-club.ts), if that club is open.
        .leftJoin(memberships, and(eq(memberships.userId, user.id), eq(memberships.clubId, actingClubId)))
        .leftJoin(clubs, and(eq(clubs.id, memberships.clubId), isNull(clubs.closedAt)))
        .where(eq(session.token, sql.placeholder('token')))
        .prepare('session_viewer'),
    );
    const [row] = await statement.execute({ token });
    // A session that no longer holds: its token names no one from now on (the limits count its
    // requests by their address again).
    knownSessions.delete(signed);
    if (!row) return null;
    const expires = row.expiresAt.getTime();
    // Real time, not the app's clock: better-auth sets and checks session expiry by real time, and this
    // fast path must agree with it (under a test clock set in the past it would accept expired sessions).
    const now = Date.now();
    // Expired (better-auth deletes it) or due for extension (better-auth extends it): theirs to do.
    if (expires <= freshExpiry(now).getTime()) return undefined;
    if (row.isAnonymous || isNameOnlyEmail(row.email)) return null;
    remember(signed, { token, userId: row.userId });
    return {
      userId: row.userId,
      clubId: row.clubId ?? null,
      role: row.clubId ? ((row.role as Role | null) ?? 'player') : null,
      name: row.name,
      email: row.email,
      sessionToken: token,
    };
  };

  const known = (request: FastifyRequest): KnownSession | null => {
    if (knownSessions.size === 0) return null;
    const signed = credential(request);
    return signed ? (knownSessions.get(signed) ?? null) : null;
  };

  return Object.assign(read, { known, freshExpiry: () => freshExpiry(Date.now()) });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
