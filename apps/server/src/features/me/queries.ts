import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { account, clubs, contactMessages, session, user } from '../../db/schema/index.ts';

export async function findUserWithClub(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user, club: clubs })
    .from(user)
    .innerJoin(clubs, eq(clubs.id, user.clubId))
    .where(eq(user.id, userId))
    .limit(1);
  return row;
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

export async function listContactMessagesOf(db: DbOrTx, clubId: string, userId: string) {
  return db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.clubId, clubId), eq(contactMessages.userId, userId)));
}

export async function deleteSignInMeans(db: DbOrTx, userId: string) {
  await db.delete(session).where(eq(session.userId, userId));
  await db.delete(account).where(eq(account.userId, userId));
}

export async function scrubContactMessagesOf(db: DbOrTx, userId: string) {
  await db
    .update(contactMessages)
    .set({ name: 'Deleted user', email: '' })
    .where(eq(contactMessages.userId, userId));
}
