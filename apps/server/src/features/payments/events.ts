import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../db/client.ts';
import { competitions } from '../../db/schema/game.ts';
import { paymentEvents } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { orderEmails } from '../orders/emails.ts';
import {
  countHeldEntries,
  deletePendingEntries,
  insertEntries,
  insertIssue,
  insertRefund,
  lockCompetition,
  lockOrderById,
  lockOrderByIntent,
  type OrderRow,
  setEntriesStatus,
  updateOrder,
} from '../orders/queries.ts';
import { formatPence, orderViews, sendReceipt } from '../orders/service.ts';
import type { IntentState } from './provider.ts';

type PaymentServices = Pick<Services, 'db' | 'clock' | 'config' | 'payments' | 'mailer'>;

export interface EventResult {
  duplicate: boolean;
  outcome: string;
  orderId: string | null;
}

interface Applied {
  outcome: string;
  order: OrderRow | null;
  /** Work that must wait for the commit: emails and calls to the provider. */
  after?: 'receipt' | 'refund_late_payment';
}

/**
 * Verifies a provider event's signature on the raw body and applies it exactly once: the event id is
 * recorded in the same transaction as its effect, so a replayed, duplicated or concurrent delivery
 * changes nothing the second time.
 */
export async function receivePaymentEvent(
  services: PaymentServices,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<EventResult> {
  if (!signature) throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = services.payments.constructEvent(rawBody, signature, services.clock.now().getTime());
  } catch (err) {
    throw new AppError(
      'BAD_REQUEST',
      `The webhook signature could not be verified: ${(err as Error).message}`,
    );
  }

  // A failure can arrive after a success: ask the provider what really happened before acting on it.
  let intentNow: IntentState | null = null;
  if (event.type === 'payment_intent.payment_failed') {
    intentNow = await services.payments.retrieveIntent(event.data.object.id).catch(() => null);
  }

  const applied = await services.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        provider: services.payments.kind,
        type: event.type,
        outcome: 'received',
        receivedAt: services.clock.now(),
        payload: event as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return null;
    const result = await applyEvent(tx, services, event, intentNow);
    await tx
      .update(paymentEvents)
      .set({ outcome: result.outcome, orderId: result.order?.id ?? null })
      .where(eq(paymentEvents.id, event.id));
    return result;
  });
  if (!applied) return { duplicate: true, outcome: 'duplicate', orderId: null };

  if (applied.order && applied.after === 'receipt') {
    const order = applied.order;
    const [view] = await orderViews(services.db, [
      { order: { ...order, status: 'paid' }, competitionName: await competitionName(services, order) },
    ]);
    if (view) await sendReceipt(services, order.userId, (to) => orderEmails.receipt(to, view));
  }
  if (applied.order && applied.after === 'refund_late_payment') {
    await refundLatePayment(services, applied.order);
  }
  return { duplicate: false, outcome: applied.outcome, orderId: applied.order?.id ?? null };
}

async function applyEvent(
  tx: Tx,
  services: PaymentServices,
  event: Stripe.Event,
  intentNow: IntentState | null,
): Promise<Applied> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentSucceeded(tx, services, event.data.object);
    case 'payment_intent.payment_failed':
      return paymentFailed(tx, event.data.object, intentNow);
    case 'charge.refunded':
      return chargeRefunded(tx, event.data.object);
    default:
      return { outcome: 'ignored', order: null };
  }
}

async function orderOfIntent(tx: Tx, intent: Stripe.PaymentIntent): Promise<OrderRow | undefined> {
  const byIntent = await lockOrderByIntent(tx, intent.id);
  if (byIntent) return byIntent;
  const orderId = intent.metadata?.orderId;
  const byMetadata = orderId ? await lockOrderById(tx, orderId) : undefined;
  // The intent id may not be stored yet if the event beat our own write; never trust a foreign one.
  return byMetadata && (byMetadata.paymentIntentId === null || byMetadata.paymentIntentId === intent.id)
    ? byMetadata
    : undefined;
}

async function paymentSucceeded(
  tx: Tx,
  services: PaymentServices,
  intent: Stripe.PaymentIntent,
): Promise<Applied> {
  const order = await orderOfIntent(tx, intent);
  if (!order) return { outcome: 'unknown_order', order: null };
  if (intent.amount_received !== order.amountPence || intent.currency !== order.currency) {
    await insertIssue(tx, {
      clubId: order.clubId,
      orderId: order.id,
      kind: 'amount_mismatch',
      detail: `Payment ${intent.id} received ${intent.amount_received} ${intent.currency} but the order is for ${order.amountPence} ${order.currency}. Nothing was activated.`,
    });
    return { outcome: 'amount_mismatch', order };
  }
  if (order.status === 'pending') {
    const now = services.clock.now();
    await updateOrder(tx, order.id, {
      status: 'paid',
      paidAt: now,
      paymentIntentId: intent.id,
      failureReason: null,
    });
    await setEntriesStatus(tx, order.id, ['pending'], 'active');
    return { outcome: 'paid', order: { ...order, status: 'paid', paidAt: now }, after: 'receipt' };
  }
  if (order.status === 'failed' || order.status === 'expired')
    return honourLatePayment(tx, services, order, intent);
  return { outcome: 'already_paid', order };
}

/** Money arrived after the order gave up: honour it if the place can still be had, else refund it. */
async function honourLatePayment(
  tx: Tx,
  services: PaymentServices,
  order: OrderRow,
  intent: Stripe.PaymentIntent,
): Promise<Applied> {
  const now = services.clock.now();
  const competition = await lockCompetition(tx, order.clubId, order.competitionId);
  const held = competition ? await countHeldEntries(tx, competition.id, order.userId, now) : 0;
  if (competition?.status === 'open' && held + order.entryCount <= competition.maxEntriesPerPlayer) {
    await deletePendingEntries(tx, order.id);
    await insertEntries(tx, order, order.entryCount, 'active');
    await updateOrder(tx, order.id, {
      status: 'paid',
      paidAt: now,
      paymentIntentId: intent.id,
      failureReason: null,
    });
    return { outcome: 'paid_late', order: { ...order, status: 'paid', paidAt: now }, after: 'receipt' };
  }
  await updateOrder(tx, order.id, { paymentIntentId: intent.id });
  return {
    outcome: 'late_payment_refunding',
    order: { ...order, paymentIntentId: intent.id },
    after: 'refund_late_payment',
  };
}

async function paymentFailed(
  tx: Tx,
  intent: Stripe.PaymentIntent,
  intentNow: IntentState | null,
): Promise<Applied> {
  const order = await orderOfIntent(tx, intent);
  if (!order) return { outcome: 'unknown_order', order: null };
  if (order.status !== 'pending') return { outcome: 'ignored_not_pending', order };
  if (intentNow?.status === 'succeeded' || intentNow?.status === 'processing') {
    return { outcome: 'ignored_superseded', order };
  }
  const reason = intent.last_payment_error?.message ?? 'The payment failed.';
  await updateOrder(tx, order.id, { status: 'failed', failureReason: reason });
  await deletePendingEntries(tx, order.id);
  return { outcome: 'failed', order };
}

/** Refunds made outside the app (in Stripe's dashboard) are mirrored; ours are already recorded. */
async function chargeRefunded(tx: Tx, charge: Stripe.Charge): Promise<Applied> {
  const intentId =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const order = intentId ? await lockOrderByIntent(tx, intentId) : undefined;
  if (!order) return { outcome: 'unknown_order', order: null };
  if (charge.amount_refunded <= order.refundedPence) return { outcome: 'already_recorded', order };
  if (charge.amount_refunded >= order.amountPence) {
    await setEntriesStatus(tx, order.id, ['pending', 'active', 'eliminated', 'won'], 'refunded');
    await updateOrder(tx, order.id, { refundedPence: order.amountPence, status: 'refunded' });
    return { outcome: 'refunded_outside_app', order };
  }
  await updateOrder(tx, order.id, { refundedPence: charge.amount_refunded, status: 'partially_refunded' });
  await insertIssue(tx, {
    clubId: order.clubId,
    orderId: order.id,
    kind: 'refund_outside_app',
    detail: `${formatPence(charge.amount_refunded)} of order ${order.id} was refunded outside the app: mark the entries it covers.`,
  });
  return { outcome: 'partially_refunded_outside_app', order };
}

async function refundLatePayment(services: PaymentServices, order: OrderRow) {
  const detail = `Payment for order ${order.id} arrived after the order had ${order.status}, when its places could no longer be given; it was refunded.`;
  try {
    if (!order.paymentIntentId) throw new Error('no payment intent');
    const { id } = await services.payments.refund({
      paymentIntentId: order.paymentIntentId,
      amountPence: order.amountPence,
      idempotencyKey: `late-${order.id}`,
      reason: 'late payment',
    });
    await services.db.transaction(async (tx) => {
      await updateOrder(tx, order.id, { status: 'refunded', refundedPence: order.amountPence });
      await insertRefund(tx, {
        clubId: order.clubId,
        orderId: order.id,
        entryIds: [],
        amountPence: order.amountPence,
        providerRefundId: id,
        reason: 'Payment arrived after the order expired',
        createdBy: null,
      });
      await insertIssue(tx, {
        clubId: order.clubId,
        orderId: order.id,
        kind: 'late_payment_refunded',
        detail,
      });
    });
  } catch (err) {
    await insertIssue(services.db, {
      clubId: order.clubId,
      orderId: order.id,
      kind: 'refund_failed',
      detail: `${detail.replace('it was refunded.', 'its automatic refund FAILED')}: ${String(err)}`,
    });
  }
}

async function competitionName(services: Pick<Services, 'db'>, order: OrderRow) {
  const [row] = await services.db
    .select({ name: competitions.name })
    .from(competitions)
    .where(eq(competitions.id, order.competitionId));
  return row?.name ?? 'the competition';
}
