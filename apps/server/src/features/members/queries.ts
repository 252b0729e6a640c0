import type { Role } from '@lastman/api';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';

export async function listMembers(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(and(eq(user.clubId, clubId), eq(user.isAnonymous, false)))
    .orderBy(asc(user.name));
}

/** The club's member, locked until the transaction ends. */
export async function lockMember(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  const [row] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(and(eq(user.clubId, clubId), eq(user.id, userId), eq(user.isAnonymous, false)))
    .for('update');
  return row;
}

export async function countAdmins(db: DbOrTx, { clubId }: { clubId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.clubId, clubId), eq(user.role, 'admin'), eq(user.isAnonymous, false)));
  return row?.n ?? 0;
}

export async function setMemberRole(
  db: DbOrTx,
  { clubId, userId, role }: { clubId: string; userId: string; role: Role },
) {
  await db
    .update(user)
    .set({ role })
    .where(and(eq(user.clubId, clubId), eq(user.id, userId)));
}
