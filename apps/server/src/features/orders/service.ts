import type { Order, OrderCreate, OrderCreated, OrderStatus } from '@lastman/api';
import { ageOn } from '../../auth/auth.ts';
import type { Viewer } from '../../auth/guards.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { findUserWithClub } from '../me/queries.ts';
import { orderEmails } from './emails.ts';
import {
  countHeldEntries,
  deletePendingEntries,
  entriesOfOrders,
  entriesWithSettledPicks,
  findOrder,
  insertEntries,
  insertIssue,
  insertOrder,
  insertRefund,
  listOrders,
  lockCompetition,
  lockOrderById,
  type OrderRow,
  ordersOwedByCancellation,
  refundAllEntriesOfOrder,
  refundsOfOrders,
  setEntriesStatus,
  staleOrders,
  updateOrder,
} from './queries.ts';

export const MIN_AGE_FOR_PAID_ENTRY = 18;

type OrderServices = Pick<Services, 'db' | 'clock' | 'config' | 'payments' | 'mailer'>;

/** Orders as the API shows them, with their entries and refunds. */
export async function orderViews(
  db: DbOrTx,
  rows: { order: OrderRow; competitionName: string; userName?: string; userEmail?: string }[],
): Promise<(Order & { userName?: string; userEmail?: string })[]> {
  const ids = rows.map((r) => r.order.id);
  const [entryRows, refundRows] = await Promise.all([entriesOfOrders(db, ids), refundsOfOrders(db, ids)]);
  return rows.map(({ order, competitionName, userName, userEmail }) => ({
    id: order.id,
    status: order.status,
    amountPence: order.amountPence,
    refundedPence: order.refundedPence,
    currency: order.currency,
    provider: order.provider,
    competitionId: order.competitionId,
    competitionName,
    entryCount: order.entryCount,
    unitPricePence: order.unitPricePence,
    failureReason: order.failureReason,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    expiresAt: order.expiresAt.toISOString(),
    entries: entryRows.filter((e) => e.orderId === order.id).map((e) => ({ id: e.id, status: e.status })),
    refunds: refundRows
      .filter((r) => r.orderId === order.id)
      .map((r) => ({
        id: r.id,
        amountPence: r.amountPence,
        entryIds: r.entryIds,
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
      })),
    ...(userName !== undefined && { userName }),
    ...(userEmail !== undefined && { userEmail }),
  }));
}

async function viewOne(db: DbOrTx, clubId: string, orderId: string): Promise<Order> {
  const [view] = await orderViews(db, await listOrders(db, clubId, { orderId }));
  if (!view) throw notFound('That order');
  const { userName: _n, userEmail: _e, ...order } = view;
  return order;
}

/**
 * Creates a pending order with pending entries (which hold their place until the order expires),
 * then the payment intent. The amount is computed here, never taken from the client.
 */
export async function createOrder(
  services: OrderServices,
  viewer: Viewer,
  input: OrderCreate,
): Promise<OrderCreated> {
  const now = services.clock.now();
  const order = await services.db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, viewer.clubId, input.competitionId);
    if (!competition) throw notFound('That competition');
    if (competition.status !== 'open') {
      throw new AppError('CONFLICT', 'This competition is not taking entries any more.');
    }
    if (competition.prizeModel === 'free' || competition.entryFeePence === 0) {
      throw new AppError(
        'BAD_REQUEST',
        'This competition is free: join it from the game page, no payment is needed.',
      );
    }
    const me = await findUserWithClub(tx, viewer.userId);
    const dob = me?.user.dateOfBirth;
    if (!dob || ageOn(dob, now) < MIN_AGE_FOR_PAID_ENTRY) {
      throw new AppError(
        'FORBIDDEN',
        `You must be ${MIN_AGE_FOR_PAID_ENTRY} or over to enter a paid competition.`,
      );
    }
    const held = await countHeldEntries(tx, competition.id, viewer.userId, now);
    const left = competition.maxEntriesPerPlayer - held;
    if (input.entries > left) {
      throw new AppError(
        'CONFLICT',
        left <= 0
          ? `You already have the maximum of ${competition.maxEntriesPerPlayer} ${plural(competition.maxEntriesPerPlayer, 'entry', 'entries')} in this competition.`
          : `You can buy ${left} more ${plural(left, 'entry', 'entries')} in this competition (at most ${competition.maxEntriesPerPlayer} per player).`,
      );
    }
    const created = await insertOrder(tx, {
      clubId: viewer.clubId,
      competitionId: competition.id,
      userId: viewer.userId,
      entryCount: input.entries,
      unitPricePence: competition.entryFeePence,
      amountPence: competition.entryFeePence * input.entries,
      currency: 'gbp',
      provider: services.payments.kind,
      expiresAt: new Date(now.getTime() + services.config.ORDER_EXPIRY_MINUTES * 60_000),
    });
    await insertEntries(tx, created, input.entries, 'pending');
    return created;
  });

  let intent: { id: string; clientSecret: string };
  try {
    intent = await services.payments.createIntent(order);
  } catch (err) {
    await services.db.transaction(async (tx) => {
      await updateOrder(tx, order.id, {
        status: 'failed',
        failureReason: 'The card payment service could not be reached.',
      });
      await deletePendingEntries(tx, order.id);
    });
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `Card payments are unavailable right now. Please try again in a minute. (${String(err)})`,
    );
  }
  await updateOrder(services.db, order.id, { paymentIntentId: intent.id });
  return {
    order: await viewOne(services.db, viewer.clubId, order.id),
    payment: {
      provider: services.payments.kind,
      clientSecret: intent.clientSecret,
      publishableKey: services.config.STRIPE_PUBLISHABLE_KEY ?? null,
    },
  };
}

/** The owner sees their order; an admin of the club sees any of the club's. */
export async function getOrder(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  orderId: string,
): Promise<Order> {
  const order = await findOrder(services.db, viewer.clubId, orderId);
  if (!order || (order.userId !== viewer.userId && viewer.role !== 'admin')) throw notFound('That order');
  return viewOne(services.db, viewer.clubId, orderId);
}

export async function myOrders(services: Pick<Services, 'db'>, viewer: Viewer): Promise<Order[]> {
  const rows = await listOrders(services.db, viewer.clubId, { userId: viewer.userId });
  return (await orderViews(services.db, rows)).map(({ userName: _n, userEmail: _e, ...o }) => o);
}

export async function clubOrders(
  services: Pick<Services, 'db'>,
  admin: Viewer,
  filter: { status?: OrderStatus | undefined; competitionId?: string | undefined; q?: string | undefined },
) {
  const rows = await listOrders(services.db, admin.clubId, {
    ...(filter.status && { status: filter.status }),
    ...(filter.competitionId && { competitionId: filter.competitionId }),
    ...(filter.q && { q: filter.q }),
  });
  return orderViews(services.db, rows);
}

/**
 * Refunds some or all entries of a paid order through the provider, then records it. The provider
 * call is idempotent by key, so a retried or concurrent refund of the same entries refunds once.
 */
export async function refundEntries(
  services: OrderServices,
  opts: {
    clubId: string;
    orderId: string;
    entryIds?: string[] | undefined;
    reason: string;
    actorId: string | null;
    allowPlayed: boolean;
  },
): Promise<Order> {
  const plan = await services.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, opts.orderId);
    if (!order || order.clubId !== opts.clubId) throw notFound('That order');
    if (order.status !== 'paid' && order.status !== 'partially_refunded') {
      throw new AppError(
        'CONFLICT',
        `Only a paid order can be refunded; this one is ${order.status.replace('_', ' ')}.`,
      );
    }
    const live = (await entriesOfOrders(tx, [order.id])).filter(
      (e) => e.status !== 'refunded' && e.status !== 'pending',
    );
    const chosen = opts.entryIds ?? live.map((e) => e.id);
    const unknown = chosen.filter((id) => !live.some((e) => e.id === id));
    if (unknown.length > 0) {
      throw new AppError(
        'BAD_REQUEST',
        `These entries are not refundable parts of this order: ${unknown.join(', ')}.`,
      );
    }
    if (chosen.length === 0) throw new AppError('CONFLICT', 'Every entry of this order is already refunded.');
    if (!opts.allowPlayed) {
      const played = await entriesWithSettledPicks(tx, chosen);
      if (played.length > 0) {
        throw new AppError(
          'CONFLICT',
          `${played.length === 1 ? 'An entry has' : `${played.length} entries have`} already played a settled round and can no longer be refunded.`,
        );
      }
    }
    return { order, chosen: [...new Set(chosen)].sort() };
  });

  const amountPence = plan.order.unitPricePence * plan.chosen.length;
  if (!plan.order.paymentIntentId) throw new AppError('CONFLICT', 'This order has no payment to refund.');
  let refundId: string;
  try {
    ({ id: refundId } = await services.payments.refund({
      paymentIntentId: plan.order.paymentIntentId,
      amountPence,
      idempotencyKey: `refund-${plan.order.id}-${plan.chosen.join('.')}`,
      reason: opts.reason,
    }));
  } catch (err) {
    await insertIssue(services.db, {
      clubId: plan.order.clubId,
      orderId: plan.order.id,
      kind: 'refund_failed',
      detail: `Refund of ${formatPence(amountPence)} failed: ${String(err)}`,
    });
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The refund could not be made right now. It is listed under payments needing attention.',
    );
  }

  await services.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, plan.order.id);
    if (!order) return;
    const refunded = await setEntriesStatus(
      tx,
      order.id,
      ['active', 'eliminated', 'won'],
      'refunded',
      plan.chosen,
    );
    if (refunded.length === 0) return; // a concurrent request recorded this refund already
    const refundedPence = Math.min(
      order.amountPence,
      order.refundedPence + order.unitPricePence * refunded.length,
    );
    await insertRefund(tx, {
      clubId: order.clubId,
      orderId: order.id,
      entryIds: refunded.map((e) => e.id),
      amountPence: order.unitPricePence * refunded.length,
      providerRefundId: refundId,
      reason: opts.reason,
      createdBy: opts.actorId,
    });
    await updateOrder(tx, order.id, {
      refundedPence,
      status: refundedPence >= order.amountPence ? 'refunded' : 'partially_refunded',
    });
  });
  const view = await viewOne(services.db, plan.order.clubId, plan.order.id);
  await sendReceipt(services, plan.order.userId, (to) => orderEmails.refund(to, view, amountPence));
  return view;
}

/**
 * A cancelled competition (by an admin, or short of its minimum entries at its first deadline) gives
 * all its money back: whatever of each paid order is not refunded yet. Safe to run from several
 * processes at once: the provider refund is idempotent by key and the record is written under lock.
 */
export async function refundCancelledCompetitions(services: OrderServices): Promise<number> {
  const owed = await ordersOwedByCancellation(services.db);
  let refunded = 0;
  for (const { id } of owed) {
    const order = await lockOrderById(services.db, id);
    if (!order?.paymentIntentId || order.refundedPence >= order.amountPence) continue;
    const amountPence = order.amountPence - order.refundedPence;
    let refundId: string;
    try {
      ({ id: refundId } = await services.payments.refund({
        paymentIntentId: order.paymentIntentId,
        amountPence,
        idempotencyKey: `cancel-${order.id}-${order.refundedPence}`,
        reason: 'competition cancelled',
      }));
    } catch (err) {
      await insertIssue(services.db, {
        clubId: order.clubId,
        orderId: order.id,
        kind: 'refund_failed',
        detail: `Refund of ${formatPence(amountPence)} for a cancelled competition failed: ${String(err)}`,
      });
      continue;
    }
    const done = await services.db.transaction(async (tx) => {
      const locked = await lockOrderById(tx, order.id);
      if (!locked || locked.refundedPence >= locked.amountPence) return false;
      const entryRows = await refundAllEntriesOfOrder(tx, locked.id);
      await insertRefund(tx, {
        clubId: locked.clubId,
        orderId: locked.id,
        entryIds: entryRows.map((e) => e.id),
        amountPence,
        providerRefundId: refundId,
        reason: 'The competition was cancelled',
        createdBy: null,
      });
      await updateOrder(tx, locked.id, { refundedPence: locked.amountPence, status: 'refunded' });
      return true;
    });
    if (done) {
      refunded++;
      const view = await viewOne(services.db, order.clubId, order.id);
      await sendReceipt(services, order.userId, (to) => orderEmails.refund(to, view, amountPence));
    }
  }
  return refunded;
}

/** Pending orders past their time fail quietly and give their places back. */
export async function expireStaleOrders(services: Pick<Services, 'db' | 'clock'>): Promise<number> {
  const now = services.clock.now();
  const stale = await staleOrders(services.db, now);
  for (const { id } of stale) {
    await services.db.transaction(async (tx) => {
      const order = await lockOrderById(tx, id);
      if (order?.status !== 'pending' || order.expiresAt > now) return;
      await updateOrder(tx, id, {
        status: 'expired',
        failureReason: 'The payment was not completed in time.',
      });
      await deletePendingEntries(tx, id);
    });
  }
  return stale.length;
}

export async function sendReceipt(
  services: Pick<Services, 'db' | 'mailer'>,
  userId: string,
  build: (to: { email: string; name: string }) => {
    to: string;
    subject: string;
    text: string;
    html?: string;
  },
) {
  const u = await findUserWithClub(services.db, userId);
  if (!u || u.user.isAnonymous) return;
  services.mailer.sendLater(build({ email: u.user.email, name: u.user.name }));
}

export function formatPence(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

function plural(n: number, one: string, many: string) {
  return n === 1 ? one : many;
}
