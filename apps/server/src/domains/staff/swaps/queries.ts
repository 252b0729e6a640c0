import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { user } from '../../account/read-model.ts';
import { shifts } from '../shifts/schema.ts';
import { shiftSwaps } from './schema.ts';

export type SwapRow = typeof shiftSwaps.$inferSelect;

export async function insertSwap(db: DbOrTx, values: typeof shiftSwaps.$inferInsert) {
  const [row] = await db.insert(shiftSwaps).values(values).returning();
  if (!row) throw new Error('swap insert returned nothing');
  return row;
}

export async function swapById(db: DbOrTx, { clubId, id }: { clubId: string; id: string }) {
  const [row] = await db
    .select()
    .from(shiftSwaps)
    .where(and(eq(shiftSwaps.clubId, clubId), eq(shiftSwaps.id, id)));
  return row;
}

/** Moves a swap from one status to the next, only if it is still in `from` (one answer wins). */
export async function moveSwap(
  db: DbOrTx,
  {
    clubId,
    id,
    from,
    to,
    at,
  }: {
    clubId: string;
    id: string;
    from: SwapRow['status'] | SwapRow['status'][];
    to: SwapRow['status'];
    at: Date;
  },
) {
  const [row] = await db
    .update(shiftSwaps)
    .set({ status: to, decidedAt: at })
    .where(
      and(
        eq(shiftSwaps.clubId, clubId),
        eq(shiftSwaps.id, id),
        Array.isArray(from) ? inArray(shiftSwaps.status, from) : eq(shiftSwaps.status, from),
      ),
    )
    .returning();
  return row;
}

/**
 * An offer to anyone taken by the first who asks: they are written in and it is accepted, only if
 * it is still open (one taker wins).
 */
export async function takeOpenSwap(
  db: DbOrTx,
  { clubId, id, userId }: { clubId: string; id: string; userId: string },
) {
  const [row] = await db
    .update(shiftSwaps)
    .set({ toUserId: userId, status: 'accepted' })
    .where(
      and(
        eq(shiftSwaps.clubId, clubId),
        eq(shiftSwaps.id, id),
        eq(shiftSwaps.status, 'offered'),
        isNull(shiftSwaps.toUserId),
      ),
    )
    .returning();
  return row;
}

/**
 * Swaps with their shifts and names: one person's (either side, and the offers to anyone still
 * open), or the club's in some statuses.
 */
export async function swapsOf(
  db: DbOrTx,
  { clubId, userId, statuses }: { clubId: string; userId?: string; statuses?: SwapRow['status'][] },
) {
  const from = alias(user, 'from_user');
  const to = alias(user, 'to_user');
  const mine = alias(shifts, 'swap_shift');
  const other = alias(shifts, 'other_shift');
  return db
    .select({
      swap: shiftSwaps,
      fromName: from.name,
      toName: to.name,
      shift: { id: mine.id, startsAt: mine.startsAt, endsAt: mine.endsAt, position: mine.position },
      otherShift: {
        id: other.id,
        startsAt: other.startsAt,
        endsAt: other.endsAt,
        position: other.position,
      },
    })
    .from(shiftSwaps)
    .innerJoin(mine, eq(mine.id, shiftSwaps.shiftId))
    .leftJoin(other, eq(other.id, shiftSwaps.otherShiftId))
    .leftJoin(from, eq(from.id, shiftSwaps.fromUserId))
    .leftJoin(to, eq(to.id, shiftSwaps.toUserId))
    .where(
      and(
        eq(shiftSwaps.clubId, clubId),
        userId
          ? or(
              eq(shiftSwaps.fromUserId, userId),
              eq(shiftSwaps.toUserId, userId),
              and(isNull(shiftSwaps.toUserId), eq(shiftSwaps.status, 'offered')),
            )
          : undefined,
        statuses ? inArray(shiftSwaps.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(shiftSwaps.createdAt), asc(shiftSwaps.id))
    .limit(100);
}

/** A live swap (offered or accepted) already naming the shift, if any. */
export async function liveSwapFor(db: DbOrTx, { clubId, shiftId }: { clubId: string; shiftId: string }) {
  const [row] = await db
    .select({ id: shiftSwaps.id })
    .from(shiftSwaps)
    .where(
      and(
        eq(shiftSwaps.clubId, clubId),
        inArray(shiftSwaps.status, ['offered', 'accepted']),
        or(eq(shiftSwaps.shiftId, shiftId), eq(shiftSwaps.otherShiftId, shiftId)),
      ),
    )
    .limit(1);
  return row;
}
