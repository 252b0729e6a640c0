import type Stripe from 'stripe';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import {
  executeRefund,
  type OrderRow,
  orderEmails,
  orderViews,
  sendReceipt,
  sendRefundReceipts,
} from '../orders/index.ts';
import { clubOfAccount, recordAccountState } from '../stripe-account/index.ts';
import type { Applied, EventResult, PaymentServices } from './applied.ts';
import { paymentCanceled, paymentFailed, paymentSucceeded } from './intent-events.ts';
import { accountState, type IntentState } from './provider.ts';
import { findCompetitionName, recordPaymentEvent, setPaymentEventOutcome } from './queries.ts';
import { chargeRefunded, disputeCreated, refundChanged } from './refund-events.ts';

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
