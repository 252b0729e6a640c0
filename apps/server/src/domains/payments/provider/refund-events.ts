import { formatPence, londonNumeric } from '@lastman/api/format';
import type Stripe from 'stripe';
import type { Tx } from '../../../db/client.ts';
import {
  coveredEntryIds,
  entriesOfOrders,
  findRefund,
  findRefundByProviderId,
  insertIssue,
  insertRefund,
  lockOrderByIntent,
  type OrderRow,
  outcomeOfProviderRefund,
  type RefundRow,
  recomputeOrderRefunds,
  refundsOfOrders,
  refundsPence,
  setEntriesStatus,
  settleRefund,
  updateRefund,
} from '../orders/index.ts';
import { type Applied, idOf, type PaymentServices } from './applied.ts';

/** One of our refunds, by the provider's id or by the refund id we put in its metadata. */
async function knownRefund(
  tx: Tx,
  order: OrderRow,
  refund: Pick<Stripe.Refund, 'id' | 'metadata'>,
): Promise<RefundRow | undefined> {
  const byId = await findRefundByProviderId(tx, { providerRefundId: refund.id });
  if (byId) return byId.orderId === order.id ? byId : undefined;
  const ours = refund.metadata?.refundId;
  const byMetadata = ours ? await findRefund(tx, { refundId: ours }) : undefined;
  return byMetadata?.orderId === order.id && refund.metadata?.orderId === order.id ? byMetadata : undefined;
}

/** The order (locked) that a charge, refund or dispute names by its payment intent, if it is ours. */
async function lockOrderOfIntent(tx: Tx, intent: Parameters<typeof idOf>[0]) {
  const intentId = idOf(intent);
  return intentId ? lockOrderByIntent(tx, { paymentIntentId: intentId }) : undefined;
}

/**
 * Stripe's `charge.refunded` carries the charge's total refunded so far (and, depending on the API
 * version, its refunds). Refunds we know (by id or metadata, or pending ones the total accounts for
 * exactly) are confirmed; whatever the total holds beyond our refunds was refunded outside the app
 * (Stripe's dashboard) and is written as a refund of its own. The order's refunded amount is then
 * recomputed from the rows, so an event overtaking our own write counts nothing twice.
 */
export async function chargeRefunded(
  tx: Tx,
  services: PaymentServices,
  charge: Stripe.Charge,
): Promise<Applied> {
  const order = await lockOrderOfIntent(tx, charge.payment_intent);
  if (!order) return { outcome: 'unknown_order', order: null };
  let confirmed = false;
  const outside: RefundRow[] = [];

  for (const listed of charge.refunds?.data ?? []) {
    const outcome = outcomeOfProviderRefund(listed.status, listed.id, listed.failure_reason);
    const known = await knownRefund(tx, order, listed);
    if (known) {
      if (outcome && (await settleRefund(tx, services.registries, known.id, outcome))) confirmed = true;
    } else if (outcome?.status === 'succeeded') {
      const row = await insertRefund(tx, outsideRefund(order, listed.amount, listed.id));
      if (row) outside.push(row);
    }
  }

  const rows = await refundsOfOrders(tx, [order.id]);
  const succeeded = refundsPence(rows, 'succeeded');
  const pending = rows.filter((r) => r.status === 'pending');
  const pendingPence = refundsPence(pending);
  const excess = charge.amount_refunded - succeeded;
  if (excess > 0 && pending.length > 0 && excess === pendingPence) {
    for (const r of pending) await settleRefund(tx, services.registries, r.id, { status: 'succeeded' });
    confirmed = true;
  } else if (excess > pendingPence) {
    // Beyond anything we asked for: refunded in Stripe's dashboard, without an id we can match.
    const row = await insertRefund(tx, outsideRefund(order, excess - pendingPence, null));
    if (row) outside.push(row);
  }

  const after = (await recomputeOrderRefunds(tx, order.id)) ?? order;
  if (outside.length === 0) {
    return {
      outcome: confirmed ? 'refund_confirmed' : 'already_recorded',
      order: after,
      ...(confirmed && { after: { refundReceipts: true as const } }),
    };
  }
  const full = after.status === 'refunded';
  const left = await takeEntriesOutFor(tx, after, outside, full);
  if (!full) {
    const pence = refundsPence(outside);
    await insertIssue(tx, services.registries, {
      clubId: order.clubId,
      orderId: order.id,
      kind: 'refund_outside_app',
      detail: `${formatPence(pence)} of order ${order.id} was refunded outside the app (in Stripe's dashboard). ${left === 0 ? 'No whole entry was covered, so every entry still plays.' : `${left === 1 ? 'One entry' : `${left} entries`} left the competition and the pot for it.`}`,
    });
  }
  return {
    outcome: full ? 'refunded_outside_app' : 'partially_refunded_outside_app',
    order: after,
    after: { refundReceipts: true },
  };
}

/**
 * Money refunded outside the app takes entries with it, so the pot never holds money that went back:
 * all that remain when the whole order is refunded, else one per whole entry fee. Entries already out
 * of the competition without a refund go first, then the most recent.
 */
async function takeEntriesOutFor(tx: Tx, order: OrderRow, outside: RefundRow[], all: boolean) {
  const covered = coveredEntryIds(await refundsOfOrders(tx, [order.id]));
  const candidates = (await entriesOfOrders(tx, [order.id]))
    .filter((e) => e.status !== 'pending' && !covered.has(e.id))
    .reverse()
    .sort((a, b) => Number(b.status === 'refunded') - Number(a.status === 'refunded'));
  let taken = 0;
  for (const row of outside) {
    const n = all ? candidates.length : Math.floor(row.amountPence / order.unitPricePence);
    const ids = candidates.splice(0, n).map((e) => e.id);
    if (ids.length === 0) continue;
    await setEntriesStatus(tx, {
      orderId: order.id,
      from: ['active', 'eliminated', 'won'],
      to: 'refunded',
      entryIds: ids,
    });
    await updateRefund(tx, { refundId: row.id }, { entryIds: ids });
    taken += ids.length;
  }
  return taken;
}

function outsideRefund(order: OrderRow, amountPence: number, providerRefundId: string | null) {
  return {
    clubId: order.clubId,
    orderId: order.id,
    entryIds: [],
    amountPence,
    providerRefundId,
    status: 'succeeded' as const,
    reason: 'Refunded by the club in Stripe',
    createdBy: null,
  };
}

/**
 * `refund.updated` / `refund.failed`: the later life of one of our refunds. A refund Stripe accepted
 * can still fail (a closed card account); the money is then owed again and an admin is told.
 * Refunds we do not know are mirrored by `charge.refunded`, which carries the charge's total.
 */
export async function refundChanged(
  tx: Tx,
  services: PaymentServices,
  refund: Stripe.Refund,
): Promise<Applied> {
  const order = await lockOrderOfIntent(tx, refund.payment_intent);
  if (!order) return { outcome: 'unknown_order', order: null };
  const known = await knownRefund(tx, order, refund);
  if (!known) return { outcome: 'unknown_refund', order };
  const outcome = outcomeOfProviderRefund(refund.status, refund.id, refund.failure_reason);
  if (!outcome || !(await settleRefund(tx, services.registries, known.id, outcome)))
    return { outcome: 'already_recorded', order };
  return {
    outcome: outcome.status === 'succeeded' ? 'refund_confirmed' : 'refund_failed',
    order,
    ...(outcome.status === 'succeeded' && { after: { refundReceipts: true as const } }),
  };
}

export async function disputeCreated(
  tx: Tx,
  services: PaymentServices,
  dispute: Stripe.Dispute,
): Promise<Applied> {
  const order = await lockOrderOfIntent(tx, dispute.payment_intent);
  if (!order) return { outcome: 'unknown_order', order: null };
  const due = dispute.evidence_details?.due_by
    ? ` Respond in Stripe's dashboard before ${londonNumeric(dispute.evidence_details.due_by * 1000)}.`
    : " Respond in Stripe's dashboard.";
  await insertIssue(tx, services.registries, {
    clubId: order.clubId,
    orderId: order.id,
    kind: 'dispute',
    detail: `The player's bank disputes ${formatPence(dispute.amount)} of order ${order.id} (reason: ${String(dispute.reason).replace(/_/g, ' ')}). Its entries still play; Stripe holds the money until the dispute is decided.${due}`,
  });
  return { outcome: 'dispute_recorded', order };
}
