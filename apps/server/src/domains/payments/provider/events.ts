import { formatPence } from '@lastman/api';
import { londonNumeric } from '@lastman/api/format';
import type Stripe from 'stripe';
import type { Tx } from '../../../db/client.ts';
import { lockCompetitionAdvisory, lockCompetitionRow } from '../../../db/competition-locks.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import {
  applyBuyBack,
  countEventsOfOrder,
  countHeldEntries,
  coveredEntryIds,
  deletePendingEntries,
  entriesOfOrders,
  executeRefund,
  findRefund,
  findRefundByProviderId,
  insertEntries,
  insertIssue,
  insertRefund,
  lockOrderById,
  lockOrderByIntent,
  type OrderRow,
  orderEmails,
  orderViews,
  outcomeOfProviderRefund,
  type RefundRow,
  recomputeOrderRefunds,
  recordRefundIntent,
  refundsOfOrders,
  refundsPence,
  sendReceipt,
  sendRefundReceipts,
  setEntriesStatus,
  settleRefund,
  updateOrder,
  updateRefund,
} from '../orders/index.ts';
import { clubOfAccount, recordAccountState } from '../stripe-account/index.ts';
import { accountState, cardLast4Of, type IntentState } from './provider.ts';
import { findCompetitionName, recordPaymentEvent, setPaymentEventOutcome } from './queries.ts';

type PaymentServices = Pick<Services, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'registries'>;

export interface EventResult {
  duplicate: boolean;
  outcome: string;
  orderId: string | null;
}

interface Applied {
  outcome: string;
  order: OrderRow | null;
  /** Work that must wait for the commit: emails and calls to the provider. */
  after?: { receipt: true } | { refundId: string } | { refundReceipts: true };
}

/** Three failed card attempts on one order are worth an admin's look (card testing, a stuck player). */
const FAILED_ATTEMPTS_WORTH_A_LOOK = 3;

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
    // The SDK's words (and a JSON parser's, which quote the body) go to the log, not to the sender.
    // The SDK checks the signature before it parses the body: a body that does not parse was signed.
    throw new AppError(
      'BAD_REQUEST',
      err instanceof SyntaxError
        ? 'The webhook body is not a Stripe event.'
        : 'The webhook signature could not be verified.',
      err,
    );
  }

  // A failure can arrive after a success: ask the provider what really happened before acting on it.
  // If it cannot be asked, nothing is recorded and the 503 makes Stripe deliver the event again.
  // Stripe Connect: an event from a club's account names it; the intent is asked for on that account.
  const account = event.account ?? null;
  let intentNow: IntentState | null = null;
  if (event.type === 'payment_intent.payment_failed') {
    try {
      intentNow = await services.payments.retrieveIntent(event.data.object.id, account);
    } catch (err) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `Stripe could not be reached to check payment ${event.data.object.id}, so this event was not applied; Stripe will deliver it again.`,
        err,
      );
    }
  }
  // Stripe's own event names the charge only by its id: the receipt's card digits are asked for, at
  // best effort (the payment is honoured either way).
  if (event.type === 'payment_intent.succeeded' && typeof event.data.object.latest_charge === 'string') {
    intentNow = await services.payments.retrieveIntent(event.data.object.id, account).catch(() => null);
  }

  const record = (tx: Tx) =>
    recordPaymentEvent(tx, {
      id: event.id,
      provider: services.payments.kind,
      type: event.type,
      account,
      receivedAt: services.clock.now(),
      payload: event as unknown as Record<string, unknown>,
    });
  let applied: Applied | null;
  try {
    applied = await services.db.transaction(async (tx) => {
      if (!(await record(tx))) return null;
      const result = await applyEvent(tx, services, event, intentNow, account);
      await setPaymentEventOutcome(tx, {
        eventId: event.id,
        outcome: result.outcome,
        orderId: result.order?.id ?? null,
      });
      return result;
    });
  } catch (err) {
    if (!(err instanceof WrongAccount)) throw err;
    // Its effect was rolled back; the event is still recorded once, as touching nothing.
    applied = await services.db.transaction(async (tx) => {
      if (!(await record(tx))) return null;
      await setPaymentEventOutcome(tx, { eventId: event.id, outcome: 'wrong_account', orderId: null });
      return { outcome: 'wrong_account', order: null };
    });
  }
  if (!applied) return { duplicate: true, outcome: 'duplicate', orderId: null };

  const order = applied.order;
  if (order && applied.after && 'receipt' in applied.after) {
    const [view] = await orderViews(services.db, [
      { order: { ...order, status: 'paid' }, competitionName: await competitionName(services, order) },
    ]);
    if (view) await sendReceipt(services, order.userId, (to) => orderEmails.receipt(to, view));
  }
  if (order && applied.after && 'refundId' in applied.after) {
    await executeRefund(services, applied.after.refundId);
  }
  if (order && applied.after && 'refundReceipts' in applied.after) {
    await sendRefundReceipts(services, order.id);
  }
  return { duplicate: false, outcome: applied.outcome, orderId: order?.id ?? null };
}

async function applyEvent(
  tx: Tx,
  services: PaymentServices,
  event: Stripe.Event,
  intentNow: IntentState | null,
  account: string | null,
): Promise<Applied> {
  if (event.type === 'account.updated') return accountUpdated(tx, services, event.data.object);
  // An event from a connected account belongs to its club; one from an account we do not know
  // (or about an order on another account) moves nothing.
  if (account && !(await clubOfAccount(tx, account))) return { outcome: 'unknown_account', order: null };
  const applied = await applyPaymentEvent(tx, services, event, intentNow);
  if (applied.order && (applied.order.providerAccountId ?? null) !== account) {
    throw new WrongAccount();
  }
  return applied;
}

/** Thrown inside the event's transaction, so whatever the handler wrote is rolled back. */
class WrongAccount extends Error {}

async function applyPaymentEvent(
  tx: Tx,
  services: PaymentServices,
  event: Stripe.Event,
  intentNow: IntentState | null,
): Promise<Applied> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentSucceeded(tx, services, event.data.object, intentNow?.cardLast4 ?? null);
    case 'payment_intent.payment_failed':
      return paymentFailed(tx, services, event.data.object, intentNow);
    case 'payment_intent.canceled':
      return paymentCanceled(tx, event.data.object);
    case 'charge.refunded':
      return chargeRefunded(tx, services, event.data.object);
    case 'refund.updated':
    case 'refund.failed':
      return refundChanged(tx, services, event.data.object);
    case 'charge.dispute.created':
      return disputeCreated(tx, services, event.data.object);
    default:
      return { outcome: 'ignored', order: null };
  }
}

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

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

async function paymentSucceeded(
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

async function paymentFailed(
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
async function paymentCanceled(tx: Tx, intent: Stripe.PaymentIntent): Promise<Applied> {
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

/**
 * Stripe's `charge.refunded` carries the charge's total refunded so far (and, depending on the API
 * version, its refunds). Refunds we know (by id or metadata, or pending ones the total accounts for
 * exactly) are confirmed; whatever the total holds beyond our refunds was refunded outside the app
 * (Stripe's dashboard) and is written as a refund of its own. The order's refunded amount is then
 * recomputed from the rows, so an event overtaking our own write counts nothing twice.
 */
async function chargeRefunded(tx: Tx, services: PaymentServices, charge: Stripe.Charge): Promise<Applied> {
  const intentId = idOf(charge.payment_intent);
  const order = intentId ? await lockOrderByIntent(tx, { paymentIntentId: intentId }) : undefined;
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
async function refundChanged(tx: Tx, services: PaymentServices, refund: Stripe.Refund): Promise<Applied> {
  const intentId = idOf(refund.payment_intent);
  const order = intentId ? await lockOrderByIntent(tx, { paymentIntentId: intentId }) : undefined;
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

async function disputeCreated(tx: Tx, services: PaymentServices, dispute: Stripe.Dispute): Promise<Applied> {
  const intentId = idOf(dispute.payment_intent);
  const order = intentId ? await lockOrderByIntent(tx, { paymentIntentId: intentId }) : undefined;
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

/** `account.updated`: a club's Stripe account changed (onboarding finished, payments enabled or not). */
async function accountUpdated(tx: Tx, services: PaymentServices, object: Stripe.Account): Promise<Applied> {
  const updated = await recordAccountState(tx, accountState(object), services.clock.now());
  return { outcome: updated ? 'account_updated' : 'unknown_account', order: null };
}

async function competitionName(services: Pick<Services, 'db'>, order: OrderRow) {
  const name = await findCompetitionName(services.db, {
    clubId: order.clubId,
    competitionId: order.competitionId,
  });
  return name ?? 'the competition';
}
