import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { user } from '../schema.ts';
import { passkeys, webauthnChallenges } from './schema.ts';

type Purpose = 'register' | 'sign-in';

export async function userForPasskeys(db: DbOrTx, { userId }: { userId: string }) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

export async function listPasskeysOf(db: DbOrTx, { userId }: { userId: string }) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function insertPasskey(db: DbOrTx, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).returning();
  if (!row) throw new Error('passkey insert returned nothing');
  return row;
}

export async function deletePasskey(db: DbOrTx, { id, userId }: { id: string; userId: string }) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function passkeyByCredentialId(db: DbOrTx, { credentialId }: { credentialId: string }) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

export async function markPasskeyUsed(
  db: DbOrTx,
  { id, counter, now }: { id: string; counter: number; now: Date },
) {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
}

export async function insertChallenge(
  db: DbOrTx,
  values: { userId: string | null; purpose: Purpose; challenge: string; expiresAt: Date; now: Date },
): Promise<string> {
  const { now, ...row } = values;
  // Expired challenges go as new ones come: the table holds only live ceremonies.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [inserted] = await db.insert(webauthnChallenges).values(row).returning({ id: webauthnChallenges.id });
  if (!inserted) throw new Error('challenge insert returned nothing');
  return inserted.id;
}

/** Takes the challenge (once): the live one of that id, purpose and user, or null. */
export async function takeChallenge(
  db: DbOrTx,
  { id, purpose, userId, now }: { id: string; purpose: Purpose; userId: string | null; now: Date },
) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!row || row.userId !== userId) return null;
  return row;
}
