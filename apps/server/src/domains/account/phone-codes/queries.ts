import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { user } from '../schema.ts';
import { phoneCodes } from './schema.ts';

type Purpose = 'verify' | 'sign-in';

/** The account whose confirmed number this is, if any (one at most: a unique index). */
export async function userWithVerifiedNumber(db: DbOrTx, { phoneNumber }: { phoneNumber: string }) {
  const [row] = await db
    // The club its texts are filed under: the person's last club (null: in no club, no text goes).
    .select({ id: user.id, email: user.email, clubId: user.lastClubId })
    .from(user)
    .where(and(eq(user.phoneNumber, phoneNumber), eq(user.phoneNumberVerified, true)));
  return row ?? null;
}

/** A new code for the number; any earlier code for it and the same purpose stops working. */
export async function replaceCode(
  db: DbOrTx,
  values: {
    clubId: string;
    userId: string;
    phoneNumber: string;
    purpose: Purpose;
    codeHash: string;
    expiresAt: Date;
  },
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(phoneCodes)
      .where(
        and(
          eq(phoneCodes.clubId, values.clubId),
          eq(phoneCodes.phoneNumber, values.phoneNumber),
          eq(phoneCodes.purpose, values.purpose),
          isNull(phoneCodes.usedAt),
        ),
      );
    await tx.insert(phoneCodes).values(values);
  });
}

/** The latest unused code sent to the number for the purpose (and, to confirm a number, to that user). */
export async function latestCode(
  db: DbOrTx,
  { phoneNumber, purpose, userId }: { phoneNumber: string; purpose: Purpose; userId?: string },
) {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.phoneNumber, phoneNumber),
        eq(phoneCodes.purpose, purpose),
        isNull(phoneCodes.usedAt),
        userId ? eq(phoneCodes.userId, userId) : undefined,
      ),
    )
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Counts a wrong try, unless the code is already locked; the tries made, or null when it was locked. */
export async function countWrongTry(db: DbOrTx, { id, maxAttempts }: { id: string; maxAttempts: number }) {
  const [row] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.id, id), lt(phoneCodes.attempts, maxAttempts)))
    .returning({ attempts: phoneCodes.attempts });
  return row?.attempts ?? null;
}

/** Uses the code once: false when another request used it, or it locked, in the meantime. */
export async function useCode(
  db: DbOrTx,
  { id, maxAttempts, now }: { id: string; maxAttempts: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(phoneCodes)
    .set({ usedAt: now })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt), lt(phoneCodes.attempts, maxAttempts)))
    .returning({ id: phoneCodes.id });
  return rows.length === 1;
}

/** Confirms the number on the user; false when another account confirmed it first. */
export async function setVerifiedNumber(
  db: DbOrTx,
  { userId, phoneNumber }: { userId: string; phoneNumber: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.phoneNumber, phoneNumber), eq(user.phoneNumberVerified, true), ne(user.id, userId)))
      .for('update');
    if (taken) return false;
    await tx.update(user).set({ phoneNumber, phoneNumberVerified: true }).where(eq(user.id, userId));
    return true;
  });
}
