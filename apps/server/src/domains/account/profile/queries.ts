import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { deleteMailSentTo } from '../../../lib/mailer.ts';
import { NAME_ONLY_EMAIL_DOMAIN } from '../../../lib/name-only.ts';
import { contactMessages, contactReplies, memberships } from '../../club/read-model.ts';
import { competitions, entries, picks, teams } from '../../game/read-model.ts';
import { orders, refunds } from '../../payments/read-model.ts';
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

export async function listContactMessagesOf(
  db: DbOrTx,
  { clubId, userId }: { clubId: string; userId: string },
) {
  return db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.clubId, clubId), eq(contactMessages.userId, userId)));
}

export async function listOrdersOf(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  return db
    .select({ order: orders, competitionName: competitions.name })
    .from(orders)
    .innerJoin(competitions, eq(competitions.id, orders.competitionId))
    .where(and(eq(orders.clubId, clubId), eq(orders.userId, userId)))
    .orderBy(asc(orders.createdAt));
}

export async function listRefundsOf(
  db: DbOrTx,
  { clubId, orderIds }: { clubId: string; orderIds: string[] },
) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.clubId, clubId), inArray(refunds.orderId, orderIds)))
    .orderBy(asc(refunds.createdAt));
}

export async function listEntriesOf(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  return db
    .select({ entry: entries, competitionName: competitions.name })
    .from(entries)
    .innerJoin(competitions, eq(competitions.id, entries.competitionId))
    .where(and(eq(entries.clubId, clubId), eq(entries.userId, userId)))
    .orderBy(asc(entries.createdAt));
}

export async function listPicksOf(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  return db
    .select({ pick: picks, teamName: teams.name })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .innerJoin(teams, eq(teams.id, picks.teamId))
    .where(and(eq(picks.clubId, clubId), eq(entries.clubId, clubId), eq(entries.userId, userId)))
    .orderBy(asc(picks.entryId), asc(picks.round));
}

/** A deleted account belongs to no club any more (its entries and orders stay, under its anonymous id). */
export async function deleteMembershipsOf(db: DbOrTx, userId: string) {
  await db.delete(memberships).where(eq(memberships.userId, userId));
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

/**
 * The person's name and address on the messages they sent and the replies sent to them; and their
 * name on the replies they wrote as an admin (the club keeps the answer, not who they were).
 */
export async function scrubContactMessagesOf(db: DbOrTx, userId: string) {
  const theirs = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId));
  await db.update(contactReplies).set({ sentTo: '' }).where(inArray(contactReplies.messageId, theirs));
  await db
    .update(contactMessages)
    .set({ name: 'Deleted user', email: '' })
    .where(eq(contactMessages.userId, userId));
  await db
    .update(contactReplies)
    .set({ sentByName: 'A former admin' })
    .where(eq(contactReplies.sentBy, userId));
}

/** The replies to the person's messages at a club, oldest first. */
export async function listContactRepliesTo(
  db: DbOrTx,
  { clubId, messageIds }: { clubId: string; messageIds: string[] },
) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: contactReplies.messageId,
      body: contactReplies.body,
      sentByName: contactReplies.sentByName,
      sentTo: contactReplies.sentTo,
      createdAt: contactReplies.createdAt,
    })
    .from(contactReplies)
    .where(and(eq(contactReplies.clubId, clubId), inArray(contactReplies.messageId, messageIds)))
    .orderBy(asc(contactReplies.createdAt));
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
