import { createHash } from 'node:crypto';
import { formatPence } from '@lastman/api/format';
import type { DbOrTx } from '../../../db/client.ts';
import type { Registries } from '../../../lib/registries.ts';
import type { Services } from '../../../services.ts';
import type { RefundStatus } from '../schema.ts';
import { orderEmails, sendReceipt } from './emails.ts';
import {
  claimRefundReceipts,
  findRefund,
  insertIssue,
  insertRefund,
  lockOrderById,
  type OrderRow,
  type RefundRow,
  refundsOfOrders,
  setEntriesStatus,
  stalePendingRefunds,
  updateOrder,
  updateRefund,
} from './queries.ts';
import { viewOne } from './views.ts';

type RefundServices = Pick<Services, 'db' | 'clock' | 'payments' | 'mailer' | 'registries'>;

/** Stripe's idempotency keys are at most 255 characters; a long list of entries is hashed. */
export function refundKey(prefix: string, orderId: string, entryIds: string[]): string {
  const plain = `${prefix}-${orderId}-${entryIds.join('.')}`;
  return plain.length <= 200
    ? plain
    : `${prefix}-${orderId}-${createHash('sha256').update(entryIds.join('.')).digest('hex').slice(0, 32)}`;
}

/** Stripe keeps at most 500 characters per metadata value: entry ids go in as many keys as needed. */
export function refundMetadata(row: RefundRow): Record<string, string> {
  const metadata: Record<string, string> = { orderId: row.orderId, refundId: row.id };
  const chunks: string[] = [];
  for (const id of row.entryIds) {
    const last = chunks.at(-1);
    if (last !== undefined && last.length + id.length + 1 <= 500) chunks[chunks.length - 1] = `${last},${id}`;
    else chunks.push(id);
  }
  chunks.forEach((chunk, i) => {
    metadata[i === 0 ? 'entryIds' : `entryIds${i + 1}`] = chunk;
  });
  return metadata;
}

/** The amount of the refunds, or of those among them with the given status. */
export function refundsPence(rows: RefundRow[], status?: RefundStatus): number {
  return rows.reduce((n, r) => (status === undefined || r.status === status ? n + r.amountPence : n), 0);
}

/** Entry ids a pending or confirmed refund of the order already covers. */
export function coveredEntryIds(rows: RefundRow[]): Set<string> {
  return new Set(rows.filter((r) => r.status !== 'failed').flatMap((r) => r.entryIds));
}

/**
 * Writes down a refund before the provider is asked for it: its amount, entries, reason and the
 * idempotency key the provider call will use. Caller holds the order's lock.
 */
export async function recordRefundIntent(
  tx: DbOrTx,
  order: OrderRow,
  values: {
    entryIds: string[];
    amountPence: number;
    idempotencyKey: string;
    reason: string;
    createdBy: string | null;
  },
): Promise<RefundRow | undefined> {
  return insertRefund(tx, {
    clubId: order.clubId,
    orderId: order.id,
    entryIds: values.entryIds,
    amountPence: values.amountPence,
    idempotencyKey: values.idempotencyKey,
    reason: values.reason,
    createdBy: values.createdBy,
    status: 'pending',
  });
}

/**
 * The order's refunded amount and status, always from its confirmed refund rows (never an event's
 * amount added on top), so a refund seen twice, or by two paths, counts once.
 */
export async function recomputeOrderRefunds(tx: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const order = await lockOrderById(tx, { orderId });
  if (!order) return undefined;
  const rows = await refundsOfOrders(tx, [orderId]);
  const refundedPence = Math.min(order.amountPence, refundsPence(rows, 'succeeded'));
  const holdsMoney =
    order.status === 'paid' || order.status === 'partially_refunded' || order.status === 'refunded';
  const status = !holdsMoney
    ? order.status
    : refundedPence >= order.amountPence
      ? 'refunded'
      : refundedPence > 0
        ? 'partially_refunded'
        : 'paid';
  if (status !== order.status || refundedPence !== order.refundedPence) {
    await updateOrder(tx, { orderId }, { refundedPence, status });
  }
  return { ...order, refundedPence, status };
}

export type RefundOutcome =
  | { status: 'succeeded'; providerRefundId?: string | null }
  | { status: 'failed'; providerRefundId?: string | null; failureReason: string };

/**
 * Applies what the provider says about one of our refunds: a confirmed refund takes its entries out
 * of the competition (and the pot); a failed one gives the money back to the order's books and is
 * listed for an admin. Entries of a refund that fails after it was confirmed stay out: see decision
 * 007. Returns whether anything changed. Caller holds the order's lock.
 */
export async function settleRefund(
  tx: DbOrTx,
  registries: Registries,
  refundId: string,
  outcome: RefundOutcome,
): Promise<boolean> {
  const row = await findRefund(tx, { refundId });
  if (!row) return false;
  const providerRefundId = row.providerRefundId ?? outcome.providerRefundId ?? null;
  if (row.status === outcome.status) {
    if (providerRefundId !== row.providerRefundId)
      await updateRefund(tx, { refundId: row.id }, { providerRefundId });
    return false;
  }
  if (outcome.status === 'succeeded') {
    await updateRefund(
      tx,
      { refundId: row.id },
      { status: 'succeeded', providerRefundId, failureReason: null },
    );
    await setEntriesStatus(tx, {
      orderId: row.orderId,
      from: ['pending', 'active', 'eliminated', 'won'],
      to: 'refunded',
      entryIds: row.entryIds,
    });
  } else {
    await updateRefund(
      tx,
      { refundId: row.id },
      {
        status: 'failed',
        providerRefundId,
        failureReason: outcome.failureReason,
      },
    );
    const wasConfirmed = row.status === 'succeeded';
    await insertIssue(tx, registries, {
      clubId: row.clubId,
      orderId: row.orderId,
      kind: 'refund_failed',
      detail: wasConfirmed
        ? `The refund of ${formatPence(row.amountPence)} (${row.reason}) failed after Stripe had accepted it: ${outcome.failureReason}. The money is still owed to the player; its entries stay out of the competition. Retry the refund from the order, or pay it back another way and resolve this.`
        : `The refund of ${formatPence(row.amountPence)} (${row.reason}) failed: ${outcome.failureReason}. Nothing was refunded and its entries are unchanged.`,
    });
  }
  await recomputeOrderRefunds(tx, row.orderId);
  return true;
}

/** Stripe refund statuses: `pending` and `succeeded` are money on its way back; the rest failed. */
export function outcomeOfProviderRefund(
  status: string | null | undefined,
  providerRefundId: string,
  failureReason?: string | null,
): RefundOutcome | null {
  if (status === 'succeeded' || status === 'pending') return { status: 'succeeded', providerRefundId };
  if (status === 'failed' || status === 'canceled') {
    return {
      status: 'failed',
      providerRefundId,
      failureReason: failureReason ? failureReason.replace(/_/g, ' ') : `the refund was ${status}`,
    };
  }
  return null; // requires_action: wait for the next event
}

/** A 4xx answer is the provider refusing; anything else (network, 5xx) leaves the outcome unknown. */
function isRefusal(err: unknown): boolean {
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/**
 * Asks the provider for a recorded pending refund (with its own idempotency key, so asking again
 * refunds once), then records the answer and sends the receipt. A refund whose answer never came
 * stays pending and is asked again by the payments worker.
 */
export async function executeRefund(
  services: RefundServices,
  refundId: string,
): Promise<RefundRow | undefined> {
  const row = await findRefund(services.db, { refundId });
  if (row?.status !== 'pending' || !row.idempotencyKey) return row;
  const order = await lockOrderById(services.db, { orderId: row.orderId });
  let outcome: RefundOutcome | null;
  if (order?.provider === 'cash') {
    // Cash goes back over the bar: the admin's refund is the record of it, no provider is asked.
    outcome = { status: 'succeeded', providerRefundId: null };
  } else if (!order?.paymentIntentId) {
    outcome = { status: 'failed', failureReason: 'the order has no payment to refund' };
  } else {
    try {
      const done = await services.payments.refund({
        paymentIntentId: order.paymentIntentId,
        account: order.providerAccountId,
        amountPence: row.amountPence,
        idempotencyKey: row.idempotencyKey,
        reason: row.reason,
        metadata: refundMetadata(row),
      });
      outcome = outcomeOfProviderRefund(done.status, done.id);
      if (!outcome) {
        await updateRefund(services.db, { refundId: row.id }, { providerRefundId: done.id });
      }
    } catch (err) {
      if (!isRefusal(err)) return findRefund(services.db, { refundId });
      outcome = { status: 'failed', failureReason: (err as Error).message || String(err) };
    }
  }
  if (outcome) {
    const settled = outcome;
    await services.db.transaction(async (tx) => {
      await lockOrderById(tx, { orderId: row.orderId });
      await settleRefund(tx, services.registries, row.id, settled);
    });
  }
  await sendRefundReceipts(services, row.orderId);
  return findRefund(services.db, { refundId });
}

/** Emails the player each confirmed refund of the order not emailed yet, once per refund. */
export async function sendRefundReceipts(
  services: Pick<Services, 'db' | 'clock' | 'mailer'>,
  orderId: string,
): Promise<number> {
  const claimed = await claimRefundReceipts(services.db, { orderId, now: services.clock.now() });
  if (claimed.length === 0) return 0;
  const order = await lockOrderById(services.db, { orderId });
  if (!order) return 0;
  const view = await viewOne(services.db, order.clubId, order.id);
  for (const refund of claimed) {
    await sendReceipt(services, order.userId, (to) =>
      orderEmails.refund(to, view, refund.amountPence, refund.reason),
    );
  }
  return claimed.length;
}

/** Refunds whose process stopped before the provider answered are asked again, with the same key. */
export async function retryPendingRefunds(
  services: RefundServices,
  olderThanMs = 5 * 60_000,
): Promise<number> {
  const stale = await stalePendingRefunds(
    services.db,
    new Date(services.clock.now().getTime() - olderThanMs),
  );
  for (const { id } of stale) await executeRefund(services, id);
  return stale.length;
}
