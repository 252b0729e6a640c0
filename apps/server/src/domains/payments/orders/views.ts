import { type Order, shortOrderNumber } from '@lastman/api';
import { competitionRoundOf } from '@lastman/api/game/rules';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { isNameOnlyEmail } from '../../../lib/name-only.ts';
import { clubNamesOf } from '../../club/index.ts';
import {
  competitionVariantsOf,
  entriesOfOrders,
  listOrders,
  type OrderRow,
  refundsOfOrders,
} from './queries.ts';

const noVariants: Order['variants'] = {
  rules: { lives: 0 },
  buyBack: null,
  startRound: 1,
  prizeModel: 'pool',
};

/** Orders as the API shows them, with their entries and refunds. */
export async function orderViews(
  db: DbOrTx,
  rows: { order: OrderRow; competitionName: string; userName?: string; userEmail?: string }[],
): Promise<(Order & { userName?: string; userEmail?: string })[]> {
  const ids = rows.map((r) => r.order.id);
  const clubIds = [...new Set(rows.map((r) => r.order.clubId))];
  const [entryRows, refundRows, clubNames, variantRows] = await Promise.all([
    entriesOfOrders(db, ids),
    refundsOfOrders(db, ids),
    clubNamesOf(
      db,
      rows.map((r) => r.order.clubId),
    ),
    competitionVariantsOf(db, {
      clubIds,
      competitionIds: [...new Set(rows.map((r) => r.order.competitionId))],
    }),
  ]);
  const variants = new Map(
    variantRows.map((c) => [
      c.id,
      {
        rules: { lives: c.rules.lives ?? 0 },
        buyBack:
          c.buyBackUntilRound === null || c.buyBackPricePence === null
            ? null
            : // The receipt's sentence takes the competition's own rounds, as the contract does.
              {
                untilRound: competitionRoundOf(c.startRound, c.buyBackUntilRound),
                pricePence: c.buyBackPricePence,
              },
        startRound: c.startRound,
        prizeModel: c.prizeModel,
      },
    ]),
  );
  return rows.map(({ order, competitionName, userName, userEmail }) => ({
    id: order.id,
    status: order.status,
    amountPence: order.amountPence,
    refundedPence: order.refundedPence,
    currency: order.currency,
    provider: order.provider,
    shortNumber: shortOrderNumber(order.id),
    cardLast4: order.cardLast4,
    competitionId: order.competitionId,
    competitionName,
    clubName: clubNames.get(order.clubId) ?? '',
    entryCount: order.entryCount,
    unitPricePence: order.unitPricePence,
    variants: variants.get(order.competitionId) ?? noVariants,
    failureReason: order.failureReason,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    expiresAt: order.expiresAt.toISOString(),
    buyBack:
      order.buyBackEntryId !== null && order.buyBackRound !== null
        ? { entryId: order.buyBackEntryId, round: order.buyBackRound }
        : null,
    entries: entryRows
      .filter((e) => e.orderId === order.id)
      .map((e) => ({ id: e.id, status: e.status, removedByClub: Boolean(e.removedByClub) })),
    refunds: refundRows
      .filter((r) => r.orderId === order.id)
      .map((r) => ({
        id: r.id,
        amountPence: r.amountPence,
        entryIds: r.entryIds,
        reason: r.reason,
        status: r.status,
        failureReason: r.failureReason,
        createdAt: r.createdAt.toISOString(),
      })),
    ...(userName !== undefined && { userName }),
    // A name-only player's address is a made-up one that never receives mail: shown as none.
    ...(userEmail !== undefined && { userEmail: isNameOnlyEmail(userEmail) ? '' : userEmail }),
  }));
}

export async function viewOne(db: DbOrTx, clubId: string, orderId: string): Promise<Order> {
  const [view] = await orderViews(db, await listOrders(db, { clubId, orderId }));
  if (!view) throw notFound('That order');
  const { userName: _n, userEmail: _e, ...order } = view;
  return order;
}
