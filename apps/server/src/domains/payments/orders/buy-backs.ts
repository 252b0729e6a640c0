import type { OrderCreated } from '@lastman/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { entries } from '../../game/read-model.ts';
import { paymentAccountFor } from '../stripe-account/index.ts';
import { insertOrder, lockOrderById, type OrderRow, refundsOfOrders } from './queries.ts';
import { recordRefundIntent } from './refunds.ts';
import { startCardPayment } from './service.ts';

/** A buy-back the game has checked: the entry, the round it went out in and when its window closes. */
export interface BuyBackOffer {
  competitionId: string;
  entryId: string;
  /** The entry's owner, who pays. */
  userId: string;
  round: number;
  closesAt: Date;
  pricePence: number;
}

/**
 * Brings a knocked-out entry back in, once: a conditional update, so a replayed webhook, a double
 * click or a second tab finds the entry already back (or no longer out in that round) and changes
 * nothing. It comes back with no lives; the teams it used stay used (its picks are untouched).
 * Returns whether it was applied. The caller holds the competition's advisory lock.
 */
export async function applyBuyBack(
  tx: DbOrTx,
  {
    clubId,
    competitionId,
    entryId,
    round,
    orderId,
  }: { clubId: string; competitionId: string; entryId: string; round: number; orderId: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(entries)
    .set({
      status: 'active',
      eliminatedRound: null,
      livesLeft: 0,
      boughtBackRound: round,
      buyBackOrderId: orderId,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(entries.clubId, clubId),
        eq(entries.competitionId, competitionId),
        eq(entries.id, entryId),
        eq(entries.status, 'eliminated'),
        eq(entries.eliminatedRound, round),
        isNull(entries.removedFromRound),
        isNull(entries.boughtBackRound),
      ),
    )
    .returning({ id: entries.id });
  return rows.length === 1;
}

/**
 * The checkout of a paid buy-back: a pending order for one place at the buy-back price, on the
 * club's account as entries are, and its payment intent. The entry comes back when the payment
 * arrives (see the payment events), if its window is still open; otherwise the money goes back.
 */
export async function createBuyBackOrder(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'payments'>,
  viewer: Viewer,
  offer: BuyBackOffer,
): Promise<OrderCreated> {
  const now = services.clock.now();
  const order = await services.db.transaction(async (tx) => {
    const { account, applicationFeePence } = await paymentAccountFor(tx, services.config, {
      clubId: viewer.clubId,
      amountPence: offer.pricePence,
    });
    const expiry = now.getTime() + services.config.ORDER_EXPIRY_MINUTES * 60_000;
    const created = await insertOrder(tx, {
      clubId: viewer.clubId,
      competitionId: offer.competitionId,
      userId: offer.userId,
      entryCount: 1,
      unitPricePence: offer.pricePence,
      amountPence: offer.pricePence,
      currency: 'gbp',
      provider: services.payments.kind,
      providerAccountId: account,
      buyBackEntryId: offer.entryId,
      buyBackRound: offer.round,
      buyBackClosesAt: offer.closesAt,
      expiresAt: new Date(Math.min(expiry, offer.closesAt.getTime())),
    });
    return { ...created, account, applicationFeePence };
  });
  return startCardPayment(services, viewer, order);
}

/**
 * An admin records a buy-back paid in cash at the bar: a paid cash order, the entry back at once.
 * In the caller's transaction, which holds the competition's advisory lock and checked the offer.
 */
export async function recordCashBuyBack(
  tx: DbOrTx,
  viewer: Viewer,
  offer: BuyBackOffer & { reference: string | null },
  now: Date,
): Promise<OrderRow> {
  const order = await insertOrder(tx, {
    clubId: viewer.clubId,
    competitionId: offer.competitionId,
    userId: offer.userId,
    status: 'paid',
    entryCount: 1,
    unitPricePence: offer.pricePence,
    amountPence: offer.pricePence,
    currency: 'gbp',
    provider: 'cash',
    reference: offer.reference,
    recordedBy: viewer.userId,
    buyBackEntryId: offer.entryId,
    buyBackRound: offer.round,
    buyBackClosesAt: offer.closesAt,
    paidAt: now,
    expiresAt: now,
  });
  const applied = await applyBuyBack(tx, {
    clubId: viewer.clubId,
    competitionId: offer.competitionId,
    entryId: offer.entryId,
    round: offer.round,
    orderId: order.id,
  });
  if (!applied) throw new AppError('CONFLICT', 'This entry has already been bought back in.');
  return order;
}

/**
 * A buy-back a correction made needless (the entry was not out in that round after all): the money
 * is written down to go back, before the provider is asked (`executeRefund`, after the commit).
 * Returns the refund's id, or null when there is nothing to give back.
 */
export async function recordBuyBackRefund(
  tx: DbOrTx,
  { orderId, reason }: { orderId: string; reason: string },
): Promise<string | null> {
  const order = await lockOrderById(tx, { orderId });
  if (!order || (order.status !== 'paid' && order.status !== 'partially_refunded')) return null;
  if (order.buyBackEntryId === null) return null;
  const rows = await refundsOfOrders(tx, [order.id]);
  if (rows.some((r) => r.status !== 'failed')) return null;
  const row = await recordRefundIntent(tx, order, {
    entryIds: [order.buyBackEntryId],
    amountPence: order.amountPence,
    idempotencyKey: `buy-back-${order.id}${rows.length === 0 ? '' : `-r${rows.length + 1}`}`,
    reason,
    createdBy: null,
  });
  return row?.id ?? null;
}
