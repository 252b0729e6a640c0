import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { deleteMailSentTo } from '../../../lib/mailer.ts';
import { NAME_ONLY_EMAIL_DOMAIN } from '../../../lib/name-only.ts';
import { contactMessages } from '../../club/read-model.ts';
import { entries } from '../../game/read-model.ts';
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
