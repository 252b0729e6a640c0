import {
  ageOn,
  MAX_ORDER_PENCE,
  MIN_AGE_FOR_PAID_ENTRY,
  type Order,
  type OrderCreate,
  type OrderCreated,
  type OrderStatus,
} from '@lastman/api';
import { formatPence } from '@lastman/api/format';
import { londonDayStart } from '@lastman/api/time';
import type { DbOrTx } from '../../../db/client.ts';
import { lockCompetitionRow } from '../../../db/competition-locks.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { findUser } from '../../account/index.ts';
import { type OnAccount, paymentAccountFor } from '../stripe-account/index.ts';
import { recordBuyBackOrderRefund } from './buy-back-refunds.ts';
import { CANCELLED_BY_PLAYER } from './cancel.ts';
import {
  competitionStatusOf,
  countHeldEntries,
  deletePendingEntries,
  entriesOfOrders,
  entriesWithSettledPicks,
  findOrder,
  insertEntries,
  insertOrder,
  listOrders,
  lockOrderById,
  ordersOwedByCancellation,
  refundsOfOrders,
  staleOrders,
  updateOrder,
} from './queries.ts';
import { coveredEntryIds, executeRefund, recordRefundIntent, refundKey, refundsPence } from './refunds.ts';
import { orderViews, viewOne } from './views.ts';

type OrderServices = Pick<Services, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'registries'>;

/**
 * Creates a pending order with pending entries (which hold their place until the order expires),
 * then the payment intent. The amount is computed here, never taken from the client.
 */
export async function createOrder(
  services: OrderServices,
  viewer: Viewer,
  input: OrderCreate,
  /** A pending order of the viewer's that this one takes the place of, in the same transaction. */
  replaces?: string,
): Promise<OrderCreated> {
  const now = services.clock.now();
  let replacedIntent = null as StaleIntent | null;
  const order = await services.db.transaction(async (tx) => {
    const competition = await lockCompetitionRow(tx, {
      clubId: viewer.clubId,
      competitionId: input.competitionId,
    });
    if (!competition) throw notFound('That competition');
    if (replaces) {
      // Its places go to the new order: ended as replaced, which is not something the player did.
      const old = await lockOrderById(tx, { orderId: replaces });
      if (old?.status === 'pending' && old.userId === viewer.userId) {
        await updateOrder(
          tx,
          { orderId: old.id },
          { status: 'expired', failureReason: REPLACED_BY_NEW_CHECKOUT },
        );
        await deletePendingEntries(tx, { orderId: old.id });
        if (old.paymentIntentId) replacedIntent = { id: old.paymentIntentId, account: old.providerAccountId };
      }
    }
    if (competition.status !== 'open') {
      throw new AppError('CONFLICT', 'This competition is not taking entries any more.');
    }
    if (competition.prizeModel === 'free' || competition.entryFeePence === 0) {
      throw new AppError(
        'BAD_REQUEST',
        'This competition is free: join it from the game page, no payment is needed.',
      );
    }
    const me = await findUser(tx, { userId: viewer.userId });
    const dob = me?.dateOfBirth;
    if (!dob || ageOn(dob, now) < MIN_AGE_FOR_PAID_ENTRY) {
      throw new AppError(
        'FORBIDDEN',
        `You must be ${MIN_AGE_FOR_PAID_ENTRY} or over to enter a paid competition.`,
      );
    }
    const held = await countHeldEntries(tx, { competitionId: competition.id, userId: viewer.userId }, now);
    const left = competition.maxEntriesPerPlayer - held;
    if (input.entries > left) {
      throw new AppError(
        'CONFLICT',
        left <= 0
          ? `You already have the maximum of ${competition.maxEntriesPerPlayer} ${plural(competition.maxEntriesPerPlayer, 'entry', 'entries')} in this competition.`
          : `You can buy ${left} more ${plural(left, 'entry', 'entries')} in this competition (at most ${competition.maxEntriesPerPlayer} per player).`,
      );
    }
    // The fee is bounded where it is set, but a competition saved before that bound could still
    // carry one whose total no payment (and no amount column) can hold.
    const amountPence = competition.entryFeePence * input.entries;
    if (amountPence > MAX_ORDER_PENCE) {
      throw new AppError(
        'BAD_REQUEST',
        `This order would cost ${formatPence(amountPence)}, more than one payment can be (${formatPence(MAX_ORDER_PENCE)}). Buy fewer entries at once.`,
      );
    }
    // Stripe Connect: the money goes to the club's own account (refused, saying why, without one).
    const { account, applicationFeePence } = await paymentAccountFor(tx, services.config, {
      clubId: viewer.clubId,
      amountPence,
    });
    const created = await insertOrder(tx, {
      clubId: viewer.clubId,
      competitionId: competition.id,
      userId: viewer.userId,
      entryCount: input.entries,
      unitPricePence: competition.entryFeePence,
      amountPence,
      currency: 'gbp',
      provider: services.payments.kind,
      providerAccountId: account,
      expiresAt: new Date(now.getTime() + services.config.ORDER_EXPIRY_MINUTES * 60_000),
    });
    await insertEntries(tx, created, input.entries, 'pending');
    return { ...created, account, applicationFeePence };
  });
  // The replaced order's card form must not take money any more (a payment that beat us is honoured or refunded).
  if (replacedIntent) await cancelIntents(services, [replacedIntent]);

  return startCardPayment(services, viewer, order);
}

/**
 * Asks the provider for an order's card payment. When it cannot be reached the order fails, its
 * pending places are given back, and the player is asked to try again.
 */
export async function startCardPayment(
  services: Pick<Services, 'db' | 'payments' | 'config'>,
  viewer: Viewer,
  order: Parameters<Services['payments']['createIntent']>[0] & { account: OnAccount },
): Promise<OrderCreated> {
  let intent: { id: string; clientSecret: string };
  try {
    intent = await services.payments.createIntent(order);
  } catch (err) {
    await services.db.transaction(async (tx) => {
      await updateOrder(
        tx,
        { orderId: order.id },
        {
          status: 'failed',
          failureReason: 'The card payment service could not be reached.',
        },
      );
      await deletePendingEntries(tx, { orderId: order.id });
    });
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `Card payments are unavailable right now. Please try again in a minute. (${String(err)})`,
    );
  }
  await updateOrder(services.db, { orderId: order.id }, { paymentIntentId: intent.id });
  return {
    order: await viewOne(services.db, viewer.clubId, order.id),
    payment: paymentInstruction(services, intent.clientSecret, order.account),
  };
}

function paymentInstruction(
  services: Pick<Services, 'payments' | 'config'>,
  clientSecret: string,
  account: OnAccount,
): OrderCreated['payment'] {
  return {
    provider: services.payments.kind,
    clientSecret,
    publishableKey: services.config.STRIPE_PUBLISHABLE_KEY ?? null,
    stripeAccount: account,
  };
}

/** Why an order ended when a resumed checkout could not use it and a new order took its place. */
export const REPLACED_BY_NEW_CHECKOUT = 'Replaced by a new checkout for the same entries.';

/**
 * "Pay" on a checkout left unpaid: the same order and card form again while it still holds (pending,
 * in time, its entries still held, the competition open at the same fee, its intent still payable),
 * its hold renewed as the player is paying now; otherwise a new order for as many entries replaces
 * it in one transaction. Either way one call, one card screen, and no order the player ended.
 */
export async function resumeOrder(
  services: OrderServices,
  viewer: Viewer,
  { orderId }: { orderId: string },
): Promise<OrderCreated> {
  const found = await findOrder(services.db, { clubId: viewer.clubId, orderId });
  if (!found || found.userId !== viewer.userId) throw notFound('That order');
  if (found.status !== 'pending' && found.status !== 'failed' && found.status !== 'expired') {
    throw new AppError('CONFLICT', 'This order is already paid: there is nothing more to pay.');
  }
  if (found.buyBackEntryId !== null) {
    throw new AppError(
      'CONFLICT',
      'This buy-back checkout has ended: buy back in again from the game page while the window is open.',
    );
  }
  const now = services.clock.now();
  const intent =
    found.status === 'pending' &&
    found.expiresAt > now &&
    found.paymentIntentId &&
    found.provider === services.payments.kind
      ? await services.payments.resumeIntent(found.paymentIntentId, found.providerAccountId).catch(() => null)
      : null;
  if (intent) {
    const reused = await services.db.transaction(async (tx) => {
      const competition = await lockCompetitionRow(
        tx,
        { clubId: viewer.clubId, competitionId: found.competitionId },
        'share',
      );
      const order = await lockOrderById(tx, { orderId });
      if (!competition || !order || order.status !== 'pending' || order.expiresAt <= now) return false;
      if (competition.status !== 'open' || competition.entryFeePence !== order.unitPricePence) return false;
      const held = (await entriesOfOrders(tx, [order.id])).filter((e) => e.status === 'pending');
      if (held.length !== order.entryCount) return false;
      await updateOrder(
        tx,
        { orderId },
        { expiresAt: new Date(now.getTime() + services.config.ORDER_EXPIRY_MINUTES * 60_000) },
      );
      return true;
    });
    if (reused) {
      return {
        order: await viewOne(services.db, viewer.clubId, orderId),
        payment: paymentInstruction(services, intent.clientSecret, found.providerAccountId),
      };
    }
  }
  return createOrder(
    services,
    viewer,
    { competitionId: found.competitionId, entries: found.entryCount },
    found.status === 'pending' ? found.id : undefined,
  );
}

/** The owner sees their order; an admin of the club sees any of the club's. */
export async function getOrder(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  { orderId }: { orderId: string },
): Promise<Order> {
  const order = await findOrder(services.db, { clubId: viewer.clubId, orderId });
  if (!order || (order.userId !== viewer.userId && viewer.role !== 'admin')) throw notFound('That order');
  if (order.userId === viewer.userId) return viewOne(services.db, viewer.clubId, orderId);
  const [view] = (
    await orderViews(services.db, await listOrders(services.db, { clubId: viewer.clubId, orderId }))
  ).map(forTheClub);
  if (!view) throw notFound('That order');
  const { userName: _n, userEmail: _e, ...rest } = view;
  return rest;
}

/**
 * An order as the club's admins read it: the reasons written to the player ("You cancelled...")
 * name the player instead.
 */
function forTheClub<T extends Order & { userName?: string }>(order: T): T {
  if (order.failureReason !== CANCELLED_BY_PLAYER) return order;
  const who = order.userName?.trim();
  return {
    ...order,
    failureReason: who
      ? `${who} cancelled this order before paying.`
      : 'Cancelled by the player before paying.',
  };
}

export async function myOrders(services: Pick<Services, 'db'>, viewer: Viewer): Promise<Order[]> {
  const rows = await listOrders(services.db, { clubId: viewer.clubId, userId: viewer.userId });
  return (await orderViews(services.db, rows)).map(({ userName: _n, userEmail: _e, ...o }) => o);
}

export async function clubOrders(
  services: Pick<Services, 'db'>,
  admin: Viewer,
  filter: {
    status?: OrderStatus | undefined;
    competitionId?: string | undefined;
    q?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const rows = await listOrders(services.db, {
    clubId: admin.clubId,
    ...(filter.status && { status: filter.status }),
    ...(filter.competitionId && { competitionId: filter.competitionId }),
    ...(filter.q && { q: filter.q }),
    ...paidPeriodOf(filter),
  });
  return (await orderViews(services.db, rows)).map(forTheClub);
}

/** The instants of a filter's London dates: from the start of `from` to the end of `to`. */
export function paidPeriodOf(filter: { from?: string | undefined; to?: string | undefined }) {
  return {
    ...(filter.from && { paidFrom: londonDayStart(filter.from) }),
    ...(filter.to && { paidTo: londonDayStart(filter.to, 1) }),
  };
}

export interface RefundOptions {
  clubId: string;
  orderId: string;
  entryIds?: string[] | undefined;
  reason: string;
  actorId: string | null;
  allowPlayed: boolean;
}

/**
 * The first half of a refund, in the caller's transaction: checks the entries may be refunded and
 * writes the refund down (pending). `executeRefund` then asks the provider, after the commit. An entry
 * the club knocked out may be refunded though it played, while its competition is in play: the club
 * took it out, the results did not.
 */
export async function recordEntriesRefund(tx: DbOrTx, opts: RefundOptions): Promise<string> {
  const order = await lockOrderById(tx, { orderId: opts.orderId });
  if (!order || order.clubId !== opts.clubId) throw notFound('That order');
  if (order.status !== 'paid' && order.status !== 'partially_refunded') {
    throw new AppError(
      'CONFLICT',
      `Only a paid order can be refunded; this one is ${order.status.replace('_', ' ')}.`,
    );
  }
  if (!order.paymentIntentId && order.provider !== 'cash') {
    throw new AppError('CONFLICT', 'This order has no payment to refund.');
  }
  if (order.buyBackEntryId !== null) return recordBuyBackOrderRefund(tx, order, opts);
  const rows = await refundsOfOrders(tx, [order.id]);
  const covered = coveredEntryIds(rows);
  const inFlight = new Set(rows.filter((r) => r.status === 'pending').flatMap((r) => r.entryIds));
  // Refundable: entries that play, and entries whose earlier refund failed (the money is still owed).
  const refundable = (await entriesOfOrders(tx, [order.id])).filter(
    (e) => e.status !== 'pending' && !covered.has(e.id),
  );
  const chosen = [...new Set(opts.entryIds ?? refundable.map((e) => e.id))].sort();
  if (chosen.some((id) => inFlight.has(id))) {
    throw new AppError('CONFLICT', 'A refund of these entries is already under way.');
  }
  const unknown = chosen.filter((id) => !refundable.some((e) => e.id === id));
  if (unknown.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `These entries are not refundable parts of this order: ${unknown.join(', ')}.`,
    );
  }
  if (chosen.length === 0) throw new AppError('CONFLICT', 'Every entry of this order is already refunded.');
  if (!opts.allowPlayed) {
    const inPlay = (await competitionStatusOf(tx, order.competitionId)) !== 'finished';
    const removed = new Set(refundable.filter((e) => e.removedByClub && inPlay).map((e) => e.id));
    const played = (await entriesWithSettledPicks(tx, chosen)).filter((id) => !removed.has(id));
    if (played.length > 0) {
      throw new AppError(
        'CONFLICT',
        `${played.length === 1 ? 'An entry has' : `${played.length} entries have`} already played a settled round and can no longer be refunded.`,
      );
    }
  }
  // A retry after a failed refund needs a key of its own: the provider replays a used one's answer.
  const base = refundKey('refund', order.id, chosen);
  const tries = rows.filter((r) => r.idempotencyKey === base || r.idempotencyKey?.startsWith(`${base}-r`));
  const row = await recordRefundIntent(tx, order, {
    entryIds: chosen,
    amountPence: order.unitPricePence * chosen.length,
    idempotencyKey: tries.length === 0 ? base : `${base}-r${tries.length + 1}`,
    reason: opts.reason,
    createdBy: opts.actorId,
  });
  if (!row) throw new AppError('CONFLICT', 'A refund of these entries is already under way.');
  return row.id;
}

/**
 * Refunds some or all entries of a paid order. The refund is written down first (pending, with its
 * idempotency key, entries, admin and reason), then asked of the provider with the order and entries
 * in its metadata, so a `charge.refunded` event arriving before our own write recognises it. A retried
 * or concurrent refund of the same entries finds them covered and refunds nothing more.
 */
export async function refundEntries(services: OrderServices, opts: RefundOptions): Promise<Order> {
  const refundId = await services.db.transaction((tx) => recordEntriesRefund(tx, opts));

  const row = await executeRefund(services, refundId);
  if (row?.status === 'pending') {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Stripe did not answer in time. The refund is recorded and will be asked again automatically; nothing will be refunded twice.',
    );
  }
  if (row?.status === 'failed') {
    throw new AppError(
      'CONFLICT',
      `The refund was refused: ${row.failureReason ?? 'no reason given'}. It is listed under payments needing attention.`,
    );
  }
  return viewOne(services.db, opts.clubId, opts.orderId);
}

/**
 * A cancelled competition (by an admin, or short of its minimum entries at its first deadline) gives
 * all its money back: whatever of each paid order no refund covers yet. Safe to run from several
 * processes at once: the refund is recorded under the order's lock before the provider is asked.
 * An order whose automatic refund failed is left to the admin (it is listed for them).
 */
export async function refundCancelledCompetitions(services: OrderServices): Promise<number> {
  const owed = await ordersOwedByCancellation(services.db);
  let refunded = 0;
  for (const { id } of owed) {
    const refundId = await services.db.transaction(async (tx) => {
      const order = await lockOrderById(tx, { orderId: id });
      // Cash goes back over the bar: recorded like a card refund, without asking a provider.
      if (!order || (!order.paymentIntentId && order.provider !== 'cash')) return null;
      const rows = await refundsOfOrders(tx, [order.id]);
      if (rows.some((r) => r.status === 'pending')) return null; // under way
      if (rows.some((r) => r.status === 'failed' && r.idempotencyKey?.startsWith('cancel-'))) return null;
      const done = refundsPence(rows, 'succeeded');
      const amountPence = order.amountPence - done;
      if (amountPence <= 0) return null;
      const covered = coveredEntryIds(rows);
      const entryIds = (await entriesOfOrders(tx, [order.id]))
        .map((e) => e.id)
        .filter((e) => !covered.has(e))
        .sort();
      const row = await recordRefundIntent(tx, order, {
        entryIds,
        amountPence,
        idempotencyKey: `cancel-${order.id}-${done}`,
        reason: 'The competition was cancelled',
        createdBy: null,
      });
      return row?.id ?? null;
    });
    if (!refundId) continue;
    const row = await executeRefund(services, refundId);
    if (row?.status === 'succeeded') refunded++;
  }
  return refunded;
}

/** An expired order's intent, on the account it was created on (Stripe Connect). */
export interface StaleIntent {
  id: string;
  account: OnAccount;
}

/**
 * Pending orders past their time expire and give their places back; then their PaymentIntents are
 * cancelled at the provider, so that a card cannot be charged for them any more. A payment that
 * succeeded before the cancel reached the provider still arrives, and is honoured or refunded.
 */
export async function expireStaleOrders(services: Pick<Services, 'db' | 'clock'>): Promise<StaleIntent[]> {
  const now = services.clock.now();
  const stale = await staleOrders(services.db, now);
  const intents: StaleIntent[] = [];
  for (const { id } of stale) {
    await services.db.transaction(async (tx) => {
      const order = await lockOrderById(tx, { orderId: id });
      if (order?.status !== 'pending' || order.expiresAt > now) return;
      await updateOrder(
        tx,
        { orderId: id },
        {
          status: 'expired',
          failureReason: 'The payment was not completed in time.',
        },
      );
      await deletePendingEntries(tx, { orderId: id });
      if (order.paymentIntentId)
        intents.push({ id: order.paymentIntentId, account: order.providerAccountId });
    });
  }
  return intents;
}

/** Cancels the intents of expired orders; one the provider refuses (already paid) is left to its event. */
export async function cancelIntents(
  services: Pick<Services, 'payments'>,
  intentIds: StaleIntent[],
): Promise<{ cancelled: number; refused: string[] }> {
  const refused: string[] = [];
  for (const { id, account } of intentIds) {
    await services.payments
      .cancelIntent(id, account)
      .catch((err: unknown) => refused.push(`${id}: ${String(err)}`));
  }
  return { cancelled: intentIds.length - refused.length, refused };
}

function plural(n: number, one: string, many: string) {
  return n === 1 ? one : many;
}
