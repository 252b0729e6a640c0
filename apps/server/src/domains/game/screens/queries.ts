import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { user } from '../../account/read-model.ts';
import { clubScreens } from './schema.ts';

export type ScreenRow = typeof clubScreens.$inferSelect;

export async function insertScreen(db: DbOrTx, values: typeof clubScreens.$inferInsert): Promise<ScreenRow> {
  const [row] = await db.insert(clubScreens).values(values).returning();
  if (!row) throw new Error('screen insert returned nothing');
  return row;
}

/** The screen a device token names, whatever its club or state. */
export async function findScreenByDevice(db: DbOrTx, { deviceTokenHash }: { deviceTokenHash: string }) {
  const [row] = await db.select().from(clubScreens).where(eq(clubScreens.deviceTokenHash, deviceTokenHash));
  return row;
}

/** A new code for a pending screen; false when the code is already another pending screen's. */
export async function setScreenCode(
  db: DbOrTx,
  {
    clubId,
    screenId,
    codeHash,
    expiresAt,
  }: { clubId: string; screenId: string; codeHash: string; expiresAt: Date },
): Promise<boolean> {
  const taken = await db
    .select({ id: clubScreens.id })
    .from(clubScreens)
    .where(and(eq(clubScreens.clubId, clubId), eq(clubScreens.codeHash, codeHash)));
  if (taken.some((t) => t.id !== screenId)) return false;
  await db
    .update(clubScreens)
    .set({ codeHash, codeExpiresAt: expiresAt })
    .where(and(eq(clubScreens.clubId, clubId), eq(clubScreens.id, screenId)));
  return true;
}

export async function setDeviceToken(
  db: DbOrTx,
  { screenId, deviceTokenHash }: { screenId: string; deviceTokenHash: string },
) {
  await db.update(clubScreens).set({ deviceTokenHash }).where(eq(clubScreens.id, screenId));
}

export async function touchScreen(db: DbOrTx, { screenId, at }: { screenId: string; at: Date }) {
  await db.update(clubScreens).set({ lastSeenAt: at }).where(eq(clubScreens.id, screenId));
}

/** Pairs the club's pending screen showing this code (still valid at `now`); undefined when none. */
export async function pairScreen(
  db: DbOrTx,
  {
    clubId,
    codeHash,
    now,
    pairedBy,
    name,
  }: { clubId: string; codeHash: string; now: Date; pairedBy: string; name: string },
) {
  const [row] = await db
    .update(clubScreens)
    .set({ pairedAt: now, pairedBy, name, codeHash: null, codeExpiresAt: null })
    .where(
      and(
        eq(clubScreens.clubId, clubId),
        eq(clubScreens.codeHash, codeHash),
        isNull(clubScreens.pairedAt),
        isNull(clubScreens.revokedAt),
        sql`${clubScreens.codeExpiresAt} > ${now}`,
      ),
    )
    .returning();
  return row;
}

export async function countPairedScreens(db: DbOrTx, { clubId }: { clubId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clubScreens)
    .where(and(eq(clubScreens.clubId, clubId), isNotNull(clubScreens.pairedAt)));
  return row?.n ?? 0;
}

/** The club's paired screens that are not revoked, oldest first, with who paired each. */
export async function listPairedScreens(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select({
      id: clubScreens.id,
      name: clubScreens.name,
      pairedAt: clubScreens.pairedAt,
      pairedByName: user.name,
      lastSeenAt: clubScreens.lastSeenAt,
    })
    .from(clubScreens)
    .leftJoin(user, eq(user.id, clubScreens.pairedBy))
    .where(
      and(eq(clubScreens.clubId, clubId), isNotNull(clubScreens.pairedAt), isNull(clubScreens.revokedAt)),
    )
    .orderBy(asc(clubScreens.pairedAt), asc(clubScreens.id));
}

export async function revokeScreen(
  db: DbOrTx,
  { clubId, screenId, at }: { clubId: string; screenId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(clubScreens)
    .set({ revokedAt: at, codeHash: null, codeExpiresAt: null })
    .where(and(eq(clubScreens.clubId, clubId), eq(clubScreens.id, screenId), isNull(clubScreens.revokedAt)))
    .returning({ id: clubScreens.id });
  return rows.length > 0;
}

/** Pending screens whose code ran out before `before` (a device that asked once and went away). */
export async function deleteStalePendingScreens(
  db: DbOrTx,
  { clubId, before }: { clubId: string; before: Date },
) {
  await db
    .delete(clubScreens)
    .where(
      and(
        eq(clubScreens.clubId, clubId),
        isNull(clubScreens.pairedAt),
        lt(clubScreens.codeExpiresAt, before),
      ),
    );
}
