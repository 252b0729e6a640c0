import { formatPence } from '@lastman/api/format';
import type Stripe from 'stripe';
import type { Tx } from '../../../db/client.ts';
import { lockCompetitionAdvisory, lockCompetitionRow } from '../../../db/competition-locks.ts';
import {
  applyBuyBack,
  countEventsOfOrder,
  countHeldEntries,
  deletePendingEntries,
  insertEntries,
  insertIssue,
  lockOrderById,
  lockOrderByIntent,
  type OrderRow,
  recordRefundIntent,
  setEntriesStatus,
  updateOrder,
} from '../orders/index.ts';
import { type Applied, FAILED_ATTEMPTS_WORTH_A_LOOK, type PaymentServices } from './applied.ts';
import { cardLast4Of, type IntentState } from './provider.ts';

async function orderOfIntent(tx: Tx, intent: Stripe.PaymentIntent): Promise<OrderRow | undefined> {
  const byIntent = await lockOrderByIntent(tx, { paymentIntentId: intent.id });
  if (byIntent) return byIntent;
  const orderId = intent.metadata?.orderId;
  const byMetadata = orderId ? await lockOrderById(tx, { orderId }) : undefined;
  // The intent id may not be stored yet if the event beat our own write; never trust a foreign one.
  return byMetadata && (byMetadata.paymentIntentId === null || byMetadata.paymentIntentId === intent.id)
    ? byMetadata
    : undefined;
}

export async function paymentSucceeded(
  tx: Tx,
  services: PaymentServices,
  intent: Stripe.PaymentIntent,
  askedLast4: string | null,
): Promise<Applied> {
  const order = await orderOfIntent(tx, intent);
  if (!order) return { outcome: 'unknown_order', order: null };
  if (intent.amount_received !== order.amountPence || intent.currency !== order.currency) {
    await insertIssue(tx, services.registries, {
      clubId: order.clubId,
      orderId: order.id,
      kind: 'amount_mismatch',
      detail: `Payment ${intent.id} received ${intent.amount_received} ${intent.currency} but the order is for ${order.amountPence} ${order.currency}. Nothing was activated.`,
    });
    return { outcome: 'amount_mismatch', order };
  }
  if (
    order.buyBackEntryId !== null &&
    (order.status === 'pending' || order.status === 'failed' || order.status === 'expired')
  ) {
    return honourBuyBackOrRefund(tx, services, order, intent, cardLast4Of(intent) ?? askedLast4);
  }
  if (order.status === 'pending' || order.status === 'failed' || order.status === 'expired') {
    return honourOrRefund(tx, services, order, intent, cardLast4Of(intent) ?? askedLast4);
  }
  return { outcome: 'already_paid', order };
}

/**
 * Money for an order that is not paid yet: its entries become active only while the competition is
 * open (and, for an order that had given up, the player is within their allowance); otherwise the
 * payment is refunded automatically. The competition row is share-locked, so its first deadline's
 * lock (which updates it) waits for this decision or comes before it.
 */
async function honourOrRefund(
  tx: Tx,
  services: PaymentServices,
  order: OrderRow,
  intent: Stripe.PaymentIntent,
  cardLast4: string | null,
): Promise<Applied> {
  const now = services.clock.now();
  const competition = await lockCompetitionRow(
    tx,
    { clubId: order.clubId, competitionId: order.competitionId },
    order.status === 'pending' ? 'share' : 'update',
  );
  const paid = {
    status: 'paid' as const,
    paidAt: now,
    paymentIntentId: intent.id,
    failureReason: null,
    cardLast4,
  };
  if (competition?.status === 'open') {
    if (order.status === 'pending') {
      await updateOrder(tx, { orderId: order.id }, paid);
      await setEntriesStatus(tx, { orderId: order.id, from: ['pending'], to: 'active' });
      return { outcome: 'paid', order: { ...order, ...paid }, after: { receipt: true } };
    }
    const held = await countHeldEntries(tx, { competitionId: competition.id, userId: order.userId }, now);
    if (held + order.entryCount <= competition.maxEntriesPerPlayer) {
      await deletePendingEntries(tx, { orderId: order.id });
      await insertEntries(tx, order, order.entryCount, 'active');
      await updateOrder(tx, { orderId: order.id }, paid);
      return { outcome: 'paid_late', order: { ...order, ...paid }, after: { receipt: true } };
    }
  }

  // The places cannot be given: the money was taken (the order is paid), and goes straight back.
  const why =
    order.status === 'pending'
      ? `Payment arrived after the competition had ${competition?.status === 'cancelled' ? 'been cancelled' : 'closed to entries'}`
      : `Payment arrived after the order had ${order.status}`;
  await deletePendingEntries(tx, { orderId: order.id });
  return refundPaidOrder(tx, services, order, paid, why, ', when its places could no longer be given');
}

/**
 * Money taken for what can no longer be given (places, a buy-back): the order is paid, and the money
 * goes straight back, recorded before the provider is asked, with an issue for the club to see.
 */
async function refundPaidOrder(
  tx: Tx,
  services: PaymentServices,
  order: OrderRow,
  paid: Partial<OrderRow>,
  why: string,
  when = '',
): Promise<Applied> {
  await updateOrder(
    tx,
    { orderId: order.id },
    { ...paid, failureReason: `${why}; it is refunded automatically.` },
  );
  const refund = await recordRefundIntent(
    tx,
    { ...order, ...paid },
    {
      entryIds: [],
      amountPence: order.amountPence,
      idempotencyKey: `late-${order.id}`,
      reason: why,
      createdBy: null,
    },
  );
  await insertIssue(tx, services.registries, {
    clubId: order.clubId,
    orderId: order.id,
    kind: 'late_payment_refunded',
    detail: `${why} (order ${order.id}, ${formatPence(order.amountPence)})${when}; it is refunded automatically.`,
  });
  return {
    outcome: 'late_payment_refunding',
    order: { ...order, ...paid },
    ...(refund && { after: { refundId: refund.id } }),
  };
}

/**
 * Money for a buy-back: the entry comes back in if it is still out in that round, not bought back
 * already, and the window (the next round's deadline) is still open; otherwise the money goes back
 * automatically. The competition's advisory lock orders this against the settlement of the next round.
 */
async function honourBuyBackOrRefund(
  tx: Tx,
  services: PaymentServices,
  order: OrderRow,
  intent: Stripe.PaymentIntent,
  cardLast4: string | null,
): Promise<Applied> {
  const now = services.clock.now();
  await lockCompetitionAdvisory(tx, order.competitionId);
  const competition = await lockCompetitionRow(
    tx,
    { clubId: order.clubId, competitionId: order.competitionId },
    'share',
  );
  const paid = {
    status: 'paid' as const,
    paidAt: now,
    paymentIntentId: intent.id,
    failureReason: null,
    cardLast4,
  };
  const inTime = order.buyBackClosesAt !== null && now < order.buyBackClosesAt;
  if (competition?.status === 'running' && inTime && order.buyBackEntryId && order.buyBackRound !== null) {
    const applied = await applyBuyBack(tx, {
      clubId: order.clubId,
      competitionId: order.competitionId,
      entryId: order.buyBackEntryId,
      round: order.buyBackRound,
      orderId: order.id,
    });
    if (applied) {
      await updateOrder(tx, { orderId: order.id }, paid);
      return { outcome: 'bought_back', order: { ...order, ...paid }, after: { receipt: true } };
    }
  }
  const why = !inTime
    ? 'Payment for a buy-back arrived after its window had closed'
    : competition?.status !== 'running'
      ? 'Payment for a buy-back arrived after the competition had ended'
      : 'Payment for a buy-back arrived for an entry already back in (or no longer out)';
  return refundPaidOrder(tx, services, order, paid, why);
}

export async function paymentFailed(
  tx: Tx,
  services: PaymentServices,
  intent: Stripe.PaymentIntent,
  intentNow: IntentState | null,
): Promise<Applied> {
  const order = await orderOfIntent(tx, intent);
  if (!order) return { outcome: 'unknown_order', order: null };
  const reason = intent.last_payment_error?.message ?? 'The payment failed.';
  if (order.status !== 'pending') {
    const stripeSaysPaid = intentNow?.status === 'succeeded' || intentNow?.status === 'processing';
    if (order.status === 'paid' && intentNow && !stripeSaysPaid) {
      // Our books say paid, Stripe says the intent is not: someone must look.
      await insertIssue(tx, services.registries, {
        clubId: order.clubId,
        orderId: order.id,
        kind: 'payment_failed',
        detail: `Order ${order.id} is recorded as paid, but after a failed attempt (${reason}) Stripe reports its payment ${intent.id} as ${intentNow.status.replace(/_/g, ' ')}. Check it in Stripe's dashboard.`,
      });
      return { outcome: 'failed_after_success', order };
    }
    if (order.status === 'failed' || order.status === 'expired') {
      const attempts =
        (await countEventsOfOrder(tx, { orderId: order.id, type: 'payment_intent.payment_failed' })) + 1;
      if (attempts === FAILED_ATTEMPTS_WORTH_A_LOOK) {
        await insertIssue(tx, services.registries, {
          clubId: order.clubId,
          orderId: order.id,
          kind: 'payment_failed',
          detail: `${attempts} card payments for order ${order.id} (${formatPence(order.amountPence)}) have failed; the last: ${reason}`,
        });
      }
    }
    return { outcome: 'ignored_not_pending', order };
  }
  if (intentNow?.status === 'succeeded' || intentNow?.status === 'processing') {
    return { outcome: 'ignored_superseded', order };
  }
  await updateOrder(tx, { orderId: order.id }, { status: 'failed', failureReason: reason });
  await deletePendingEntries(tx, { orderId: order.id });
  return { outcome: 'failed', order };
}

/** An intent cancelled at the provider (by us on expiry, or in its dashboard) can take no money. */
export async function paymentCanceled(tx: Tx, intent: Stripe.PaymentIntent): Promise<Applied> {
  const order = await orderOfIntent(tx, intent);
  if (!order) return { outcome: 'unknown_order', order: null };
  if (order.status !== 'pending') return { outcome: 'ignored_not_pending', order };
  await updateOrder(
    tx,
    { orderId: order.id },
    { status: 'failed', failureReason: 'The payment was cancelled.' },
  );
  await deletePendingEntries(tx, { orderId: order.id });
  return { outcome: 'canceled', order };
}
