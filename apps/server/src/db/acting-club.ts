import type { Role } from '@lastman/api';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { NAME_ONLY_EMAIL_DOMAIN } from '../lib/name-only.ts';
import type { DbOrTx } from './client.ts';
import { clubs, memberships, session, user } from './schema/index.ts';

/**
 * The club a session acts in: the session's choice (the switcher), else the person's last club; a
 * membership of a club that is still open, or none. Shared by the session reader, better-auth's
 * fallback and the membership changes that must keep it true
 * (docs/decisions/019-memberships-and-the-acting-club.md).
 */
export const actingClubId = sql<string | null>`coalesce(${session.activeClubId}, ${user.lastClubId})`;

/**
 * The member a session token names, as a table `(user_id, club_id)` for a statement that checks
 * the session itself (a pick in one round trip): one row when the session reader would take the
 * session as it is and the person is a member of the open club the session acts in, else none.
 * Never looser than the reader: the session exists and expires after `fresh` (neither expired nor
 * due for its extension: http/session-reader.ts freshSessionExpiry), the person is not anonymous and
 * their address nowhere holds the name-only domain.
 */
export function sessionMember({ token, fresh }: { token: SQL; fresh: SQL }): SQL {
  return sql`(SELECT ${session.userId} AS user_id, ${memberships.clubId} AS club_id FROM ${session}
    JOIN ${user} ON ${user.id} = ${session.userId}
    JOIN ${memberships} ON ${memberships.userId} = ${session.userId} AND ${memberships.clubId} = ${actingClubId}
    JOIN ${clubs} ON ${clubs.id} = ${memberships.clubId} AND ${clubs.closedAt} IS NULL
    WHERE ${session.token} = ${token} AND ${session.expiresAt} > ${fresh}
      AND ${user.isAnonymous} IS NOT TRUE
      AND position(${NAME_ONLY_EMAIL_DOMAIN}::text in lower(${user.email})) = 0)`;
}

export async function findMembership(
  db: DbOrTx,
  { userId, clubId }: { userId: string; clubId: string },
): Promise<{ clubId: string; role: Role } | undefined> {
  const [row] = await db
    .select({ clubId: memberships.clubId, role: memberships.role })
    .from(memberships)
    .innerJoin(clubs, and(eq(clubs.id, memberships.clubId), isNull(clubs.closedAt)))
    .where(and(eq(memberships.userId, userId), eq(memberships.clubId, clubId)))
    .limit(1);
  return row;
}

/**
 * After a membership ends (left, removed, club closed): sessions acting in a club the person no
 * longer belongs to fall back to their last club, and a last club they left becomes another of
 * theirs (the oldest), or none.
 */
export async function settleActingClubs(db: DbOrTx, { userIds }: { userIds: string[] }) {
  for (const userId of userIds) {
    const live = sql`(SELECT m.club_id FROM ${memberships} m JOIN ${clubs} c ON c.id = m.club_id AND c.closed_at IS NULL WHERE m.user_id = ${userId})`;
    await db
      .update(session)
      .set({ activeClubId: null })
      .where(and(eq(session.userId, userId), sql`${session.activeClubId} NOT IN ${live}`));
    await db
      .update(user)
      .set({
        lastClubId: sql`(SELECT m.club_id FROM ${memberships} m JOIN ${clubs} c ON c.id = m.club_id AND c.closed_at IS NULL WHERE m.user_id = ${userId} ORDER BY m.created_at, m.id LIMIT 1)`,
      })
      .where(
        and(eq(user.id, userId), sql`(${user.lastClubId} IS NULL OR ${user.lastClubId} NOT IN ${live})`),
      );
  }
}

/** The session (by its token) and the person act in the club from now on. */
export async function setActingClub(
  db: DbOrTx,
  { userId, sessionToken, clubId }: { userId: string; sessionToken: string | null; clubId: string },
) {
  await db.update(user).set({ lastClubId: clubId }).where(eq(user.id, userId));
  if (sessionToken) {
    await db
      .update(session)
      .set({ activeClubId: clubId })
      .where(and(eq(session.token, sessionToken), eq(session.userId, userId)));
  }
}
