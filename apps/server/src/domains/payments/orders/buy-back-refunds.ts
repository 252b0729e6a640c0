import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { lockCompetitionAdvisory } from '../../../db/competition-locks.ts';
import { AppError } from '../../../lib/errors.ts';
import { entries, picks } from '../../game/read-model.ts';
import { type OrderRow, refundsOfOrders } from './queries.ts';
import { recordRefundIntent } from './refunds.ts';

/**
 * The club refunds a buy-back order (`POST /api/admin/orders/:id/refunds`): its price goes back and,
 * while the entry is still in on that buy-back and has played no settled round since, the entry is
 * out again in the round it was knocked out in (the pot loses the price with it). A buy-back whose
 * entry has played on since is refused unless `allowPlayed`; one a correction undid (or that never
 * applied) just gives the money back. A buy-back order holds no entries of its own (the entry is
 * the original order's), so it is not refunded as entries are. Caller holds the order's lock.
 */
export async function recordBuyBackOrderRefund(
  tx: DbOrTx,
  order: OrderRow,
  opts: { entryIds?: string[] | undefined; reason: string; actorId: string | null; allowPlayed: boolean },
): Promise<string> {
  const entryId = order.buyBackEntryId;
  if (entryId === null) throw new AppError('CONFLICT', 'This order is not a buy-back.');
  const unknown = (opts.entryIds ?? []).filter((id) => id !== entryId);
  if (unknown.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `This buy-back order is for one entry (${entryId}): these are not part of it: ${unknown.join(', ')}.`,
    );
  }
  const rows = await refundsOfOrders(tx, [order.id]);
  if (rows.some((r) => r.status === 'pending')) {
    throw new AppError('CONFLICT', 'A refund of this buy-back is already under way.');
  }
  const owed = order.amountPence - order.refundedPence;
  if (rows.some((r) => r.status === 'succeeded') || owed <= 0) {
    throw new AppError('CONFLICT', 'This buy-back is already refunded.');
  }
  await lockCompetitionAdvisory(tx, order.competitionId);
  const [entry] = await tx
    .select({
      status: entries.status,
      boughtBackRound: entries.boughtBackRound,
      buyBackOrderId: entries.buyBackOrderId,
    })
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.clubId, order.clubId)));
  const onThisOrder = entry?.buyBackOrderId === order.id && entry.boughtBackRound !== null;
  if (onThisOrder && !opts.allowPlayed) {
    const [played] = await tx
      .select({ round: picks.round })
      .from(picks)
      .where(
        and(
          eq(picks.entryId, entryId),
          gt(picks.round, entry.boughtBackRound as number),
          isNotNull(picks.outcome),
        ),
      )
      .limit(1);
    if (played || entry.status !== 'active') {
      throw new AppError(
        'CONFLICT',
        'This entry has played a settled round since buying back in, so its buy-back can no longer be refunded.',
      );
    }
    await tx
      .update(entries)
      .set({
        status: 'eliminated',
        eliminatedRound: entry.boughtBackRound,
        boughtBackRound: null,
        buyBackOrderId: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(entries.id, entryId), eq(entries.status, 'active'), eq(entries.buyBackOrderId, order.id)),
      );
  }
  const row = await recordRefundIntent(tx, order, {
    entryIds: [entryId],
    amountPence: owed,
    idempotencyKey: `buy-back-${order.id}${rows.length === 0 ? '' : `-r${rows.length + 1}`}`,
    reason: opts.reason,
    createdBy: opts.actorId,
  });
  if (!row) throw new AppError('CONFLICT', 'A refund of this buy-back is already under way.');
  return row.id;
}
