import type { Club, Role } from '@lastman/api';
import { and, eq, sql } from 'drizzle-orm';
import { actingClubId } from '../../../db/acting-club.ts';
import { batched } from '../../../db/batched.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { prepared } from '../../../db/prepared.ts';
import { deleteMailSentTo } from '../../../lib/mailer.ts';
import { NAME_ONLY_EMAIL_DOMAIN } from '../../../lib/name-only.ts';
import { clubs, contactMessages, memberships } from '../../club/read-model.ts';
import { entries } from '../../game/read-model.ts';
import { notifications } from '../../notifications/read-model.ts';
import { orders } from '../../payments/read-model.ts';
import { clockEntries } from '../../staff/read-model.ts';
import { account, session, user, verification } from '../schema.ts';
import { userPhotos } from './schema.ts';

/**
 * A name-only player of the club (a regular without the app): a person row with no credentials, no
 * membership and an address that can never receive mail (.invalid), so nobody can sign in to it.
 */
export async function insertNameOnlyPlayer(
  db: DbOrTx,
  { clubId, name, now }: { clubId: string; name: string; now: Date },
) {
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(user)
    .values({
      id,
      name,
      email: `name-only-${id}${NAME_ONLY_EMAIL_DOMAIN}`,
      guestOfClubId: clubId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insertNameOnlyPlayer: no row');
  return row;
}

export async function findUser(db: DbOrTx, { userId }: { userId: string }) {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  return row;
}

/** What GET /api/me shows of the person: their profile, open clubs with their role, unread by club. */
function meColumns() {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image,
    phoneNumber: user.phoneNumber,
    phoneNumberVerified: user.phoneNumberVerified,
    dateOfBirth: user.dateOfBirth,
    isAnonymous: user.isAnonymous,
    // Oldest membership first. The subqueries name "user" themselves: drizzle writes the outer
    // columns unqualified when the statement reads one table.
    clubs: sql<{ club: Club; role: Role }[]>`(SELECT coalesce(json_agg(json_build_object(
        'club', json_build_object('id', c.id, 'slug', c.slug, 'name', c.name,
          'primaryColor', c.primary_color, 'secondaryColor', c.secondary_color,
          'logoUrl', c.logo_url, 'address', c.address, 'openingHours', c.opening_hours,
          'phone', c.phone, 'contactEmail', c.contact_email),
        'role', m.role) ORDER BY m.created_at, m.id), '[]'::json)
      FROM ${memberships} m JOIN ${clubs} c ON c.id = m.club_id AND c.closed_at IS NULL
      WHERE m.user_id = "user".id)`,
    unreadByClub: sql<
      Record<string, number>
    >`(SELECT coalesce(json_object_agg(unread.club_id, unread.n), '{}'::json)
      FROM (SELECT n.club_id, count(*) AS n FROM ${notifications} n
        WHERE n.user_id COLLATE "C" = "user".id AND n.listed AND n.read_at IS NULL
        GROUP BY n.club_id) unread)`,
  };
}

export type MeRow = NonNullable<Awaited<ReturnType<typeof findMe>>>;

/**
 * Everything the first screen's GET /api/me shows, in one prepared statement. Every app open asks
 * it; as three statements on three of the pool's connections it cost as much as ten picks.
 */
export async function findMe(db: Db, { userId }: { userId: string }) {
  const statement = prepared(db, 'account_me', () =>
    db
      .select(meColumns())
      .from(user)
      .where(eq(user.id, sql.placeholder('userId')))
      .prepare('account_me'),
  );
  const [row] = await statement.execute({ userId });
  return row;
}

/**
 * findMe for a session token this process knows, the session checked in the same statement as the
 * session reader checks it (fresh, not anonymous, not name-only), with the club the session acts
 * in; undefined when the session does not pass. The requests that arrive together share one
 * statement (db/batched.ts), as picks at a rush do.
 */
export function findMeBySession(
  db: Db,
  key: { token: string; fresh: Date },
): Promise<(MeRow & { actingClubId: string | null }) | undefined> {
  const byToken = prepared(db, 'account_me_by_session', () => {
    const statement = db
      .select({ n: sql<number>`b.n`.mapWith(Number), actingClubId, ...meColumns() })
      .from(sql`unnest(${sql.placeholder('tokens')}::text[]) WITH ORDINALITY AS b(token, n)`)
      .innerJoin(session, eq(session.token, sql`b.token`))
      .innerJoin(user, eq(user.id, session.userId))
      .where(
        and(
          sql`${session.expiresAt} > ${sql.placeholder('fresh')}::timestamptz`,
          sql`${user.isAnonymous} IS NOT TRUE`,
          sql`position(${NAME_ONLY_EMAIL_DOMAIN}::text in lower(${user.email})) = 0`,
        ),
      )
      .prepare('account_me_by_session');
    return batched(async (keys: { token: string; fresh: Date }[]) => {
      // The batch's freshness is its latest: each session is held to a time no earlier than its own.
      const fresh = new Date(Math.max(...keys.map((k) => k.fresh.getTime())));
      const rows = await statement.execute({ tokens: keys.map((k) => k.token), fresh: fresh.toISOString() });
      const byOrdinal = new Map(rows.map(({ n, ...row }) => [n, row]));
      return keys.map((_, i) => byOrdinal.get(i + 1));
    });
  });
  return byToken(key);
}

/** The clubs where the person has entries, orders or messages (a club they left included). */
export async function clubIdsWithRecordsOf(db: DbOrTx, { userId }: { userId: string }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clubId: entries.clubId })
    .from(entries)
    .where(eq(entries.userId, userId))
    .union(db.selectDistinct({ clubId: orders.clubId }).from(orders).where(eq(orders.userId, userId)))
    .union(
      db
        .selectDistinct({ clubId: contactMessages.clubId })
        .from(contactMessages)
        .where(eq(contactMessages.userId, userId)),
    )
    .union(
      db
        .selectDistinct({ clubId: clockEntries.clubId })
        .from(clockEntries)
        .where(eq(clockEntries.userId, userId)),
    );
  return rows.map((r) => r.clubId);
}

export async function updateUser(db: DbOrTx, userId: string, values: Partial<typeof user.$inferInsert>) {
  await db.update(user).set(values).where(eq(user.id, userId));
}

export async function findCredentialHash(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1);
  return row?.password ?? null;
}

export async function listSessionsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId));
}

export async function deleteSignInMeans(db: DbOrTx, userId: string) {
  await db.delete(session).where(eq(session.userId, userId));
  await db.delete(account).where(eq(account.userId, userId));
  // Password reset tokens name the user in their value.
  await db.delete(verification).where(eq(verification.value, userId));
}

/**
 * The emails sent to the address (they carry the name and sign-in links). Failed sign-ins are not in
 * the database: the rate limits keep them under a hash of the address, forgotten within a day.
 */
export async function deleteMailAndSignInTraces(db: DbOrTx, email: string) {
  await deleteMailSentTo(db, email);
}

export async function findPhoto(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(userPhotos).where(eq(userPhotos.userId, userId)).limit(1);
  return row;
}

export async function savePhoto(db: DbOrTx, values: typeof userPhotos.$inferInsert) {
  await db
    .insert(userPhotos)
    .values(values)
    .onConflictDoUpdate({
      target: userPhotos.userId,
      set: { contentType: values.contentType, bytes: values.bytes, updatedAt: values.updatedAt },
    });
}

export async function deletePhoto(db: DbOrTx, userId: string) {
  await db.delete(userPhotos).where(eq(userPhotos.userId, userId));
}
