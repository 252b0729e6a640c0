import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { systemClock } from '../../../lib/clock.ts';
import type { Registries } from '../../../lib/registries.ts';
import { user } from '../../account/read-model.ts';
import { competitions, entries, picks } from '../../game/read-model.ts';
import { notifyAdmins } from '../../notifications/index.ts';
import { type OrderStatus, orders, paymentEvents, paymentIssues, refunds } from '../schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Entries that hold a place: bought and kept, or waiting on a payment that has not expired. */
export async function countHeldEntries(
  tx: DbOrTx,
  { competitionId, userId }: { competitionId: string; userId: string },
  now: Date,
) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(entries)
    .leftJoin(orders, eq(orders.id, entries.orderId))
    .where(
      and(
        eq(entries.competitionId, competitionId),
        eq(entries.userId, userId),
        or(
          inArray(entries.status, ['active', 'eliminated', 'won']),
          and(eq(entries.status, 'pending'), eq(orders.status, 'pending'), gt(orders.expiresAt, now)),
        ),
      ),
    );
  return row?.n ?? 0;
}

export async function insertOrder(tx: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

export async function insertEntries(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'clubId' | 'competitionId' | 'userId'>,
  count: number,
  status: 'pending' | 'active',
) {
  return tx
    .insert(entries)
    .values(
      Array.from({ length: count }, () => ({
        clubId: order.clubId,
        competitionId: order.competitionId,
        userId: order.userId,
        orderId: order.id,
        status,
      })),
    )
    .returning({ id: entries.id, status: entries.status });
}

export async function updateOrder(
  tx: DbOrTx,
  { orderId }: { orderId: string },
  values: Partial<typeof orders.$inferInsert>,
) {
  await tx.update(orders).set(values).where(eq(orders.id, orderId));
}

export async function findOrder(tx: DbOrTx, { clubId, orderId }: { clubId: string; orderId: string }) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.clubId, clubId), eq(orders.id, orderId)));
  return row;
}

/** For the payment events, which name the order but carry no session. */
export async function lockOrderById(tx: DbOrTx, { orderId }: { orderId: string }) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function lockOrderByIntent(tx: DbOrTx, { paymentIntentId }: { paymentIntentId: string }) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.paymentIntentId, paymentIntentId))
    .for('update');
  return row;
}

export async function entriesOfOrders(tx: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return tx
    .select({
      id: entries.id,
      status: entries.status,
      orderId: entries.orderId,
      // Out by the club's knock-out (not by a result): refundable though it played.
      removedByClub: sql<boolean>`(${entries.status} = 'eliminated' AND ${entries.eliminatedRound} = ${entries.removedFromRound})`,
    })
    .from(entries)
    .where(inArray(entries.orderId, orderIds))
    .orderBy(entries.createdAt, entries.id);
}

export async function competitionStatusOf(tx: DbOrTx, competitionId: string) {
  const [row] = await tx
    .select({ status: competitions.status })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  return row?.status;
}

export async function refundsOfOrders(tx: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return tx.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(refunds.createdAt);
}

export async function setEntriesStatus(
  tx: DbOrTx,
  {
    orderId,
    from,
    to,
    entryIds,
  }: {
    orderId: string;
    from: ('pending' | 'active' | 'eliminated' | 'won')[];
    to: 'active' | 'refunded';
    /** Only these of the order's entries; all of them when left out. */
    entryIds?: string[] | undefined;
  },
) {
  if (entryIds?.length === 0) return [];
  return tx
    .update(entries)
    .set({ status: to })
    .where(
      and(
        eq(entries.orderId, orderId),
        inArray(entries.status, from),
        ...(entryIds ? [inArray(entries.id, entryIds)] : []),
      ),
    )
    .returning({ id: entries.id });
}

/** Entries of a failed or expired order never played: they go, and their place is free again. */
export async function deletePendingEntries(tx: DbOrTx, { orderId }: { orderId: string }) {
  await tx.delete(entries).where(and(eq(entries.orderId, orderId), eq(entries.status, 'pending')));
}

/** Entries of the order that have a pick in a settled round (these can no longer be refunded). */
export async function entriesWithSettledPicks(tx: DbOrTx, entryIds: string[]) {
  if (entryIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ entryId: picks.entryId })
    .from(picks)
    .where(and(inArray(picks.entryId, entryIds), sql`${picks.outcome} is not null`));
  return rows.map((r) => r.entryId);
}

/** The new row, or undefined when its idempotency key or provider id is already recorded. */
export async function insertRefund(
  tx: DbOrTx,
  values: typeof refunds.$inferInsert,
): Promise<RefundRow | undefined> {
  const [row] = await tx.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findRefund(tx: DbOrTx, { refundId }: { refundId: string }) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  return row;
}

export async function findRefundByProviderId(tx: DbOrTx, { providerRefundId }: { providerRefundId: string }) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  return row;
}

export async function updateRefund(
  tx: DbOrTx,
  { refundId }: { refundId: string },
  values: Partial<typeof refunds.$inferInsert>,
) {
  await tx.update(refunds).set(values).where(eq(refunds.id, refundId));
}

/** Refunds still waiting on the provider's answer since before `before` (their process gave up). */
export async function stalePendingRefunds(tx: DbOrTx, before: Date) {
  return tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
    .limit(200);
}

/** Takes the right to send the receipts of the order's confirmed refunds: each is emailed once. */
export async function claimRefundReceipts(tx: DbOrTx, { orderId, now }: { orderId: string; now: Date }) {
  return tx
    .update(refunds)
    .set({ emailedAt: now })
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded'), isNull(refunds.emailedAt)))
    .returning();
}

export async function countEventsOfOrder(tx: DbOrTx, { orderId, type }: { orderId: string; type: string }) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.type, type)));
  return row?.n ?? 0;
}

/** Records a payment that needs an admin's attention, and tells the club's admins in the same transaction. */
export async function insertIssue(
  tx: DbOrTx,
  registries: Registries,
  values: typeof paymentIssues.$inferInsert,
) {
  await tx.insert(paymentIssues).values(values);
  await notifyAdmins(
    { db: tx, clock: systemClock, registries },
    {
      clubId: values.clubId,
      title: 'A payment needs attention',
      body: values.detail.slice(0, 300),
      link: '/admin',
    },
  );
}

export async function listIssues(
  tx: DbOrTx,
  { clubId }: { clubId: string },
  status: 'open' | 'resolved' | 'all' = 'open',
) {
  return tx
    .select()
    .from(paymentIssues)
    .where(
      and(
        eq(paymentIssues.clubId, clubId),
        ...(status === 'open' ? [isNull(paymentIssues.resolvedAt)] : []),
        ...(status === 'resolved' ? [sql`${paymentIssues.resolvedAt} is not null`] : []),
      ),
    )
    .orderBy(desc(paymentIssues.createdAt))
    .limit(200);
}

/** Marks the club's issue resolved (once: a second call keeps the first resolution). */
export async function resolveIssue(
  tx: DbOrTx,
  { clubId, issueId }: { clubId: string; issueId: string },
  by: { userId: string; note: string | null; at: Date },
) {
  await tx
    .update(paymentIssues)
    .set({ resolvedAt: by.at, resolvedBy: by.userId, resolutionNote: by.note })
    .where(
      and(eq(paymentIssues.clubId, clubId), eq(paymentIssues.id, issueId), isNull(paymentIssues.resolvedAt)),
    );
  const [row] = await tx
    .select()
    .from(paymentIssues)
    .where(and(eq(paymentIssues.clubId, clubId), eq(paymentIssues.id, issueId)));
  return row;
}

/** What an admin filters the club's orders by. `paidFrom`/`paidTo`: only orders paid in that period. */
export interface OrderFilter {
  clubId: string;
  orderId?: string;
  userId?: string;
  status?: OrderStatus;
  competitionId?: string;
  q?: string;
  paidFrom?: Date;
  /** Exclusive. */
  paidTo?: Date;
}

/** The statuses of an order that was paid (some or all of it may have gone back since). */
export const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const satisfies OrderStatus[];

/**
 * The one definition of which orders a filter selects: the admin's order list and the analytics'
 * revenue and refunds both use it, so the two cannot disagree.
 */
function orderConditions({ clubId, ...filter }: OrderFilter) {
  const paidPeriod = filter.paidFrom !== undefined || filter.paidTo !== undefined;
  return and(
    eq(orders.clubId, clubId),
    ...(filter.orderId ? [eq(orders.id, filter.orderId)] : []),
    ...(filter.userId ? [eq(orders.userId, filter.userId)] : []),
    ...(filter.status ? [eq(orders.status, filter.status)] : []),
    ...(filter.competitionId ? [eq(orders.competitionId, filter.competitionId)] : []),
    ...(paidPeriod ? [inArray(orders.status, [...PAID_STATUSES]), isNotNull(orders.paidAt)] : []),
    ...(filter.paidFrom ? [gte(orders.paidAt, filter.paidFrom)] : []),
    ...(filter.paidTo ? [lt(orders.paidAt, filter.paidTo)] : []),
    ...(filter.q
      ? [or(ilike(user.name, `%${filter.q}%`), ilike(user.email, `%${filter.q}%`), eq(orders.id, filter.q))]
      : []),
  );
}

export async function listOrders(tx: DbOrTx, filter: OrderFilter) {
  return tx
    .select({ order: orders, competitionName: competitions.name, userName: user.name, userEmail: user.email })
    .from(orders)
    .innerJoin(competitions, eq(competitions.id, orders.competitionId))
    .innerJoin(user, eq(user.id, orders.userId))
    .where(orderConditions(filter))
    .orderBy(desc(orders.createdAt))
    .limit(500);
}

/** The orders paid in a period (the listing's filter, without its page limit): what analytics count. */
export async function paidOrdersInPeriod(
  tx: DbOrTx,
  filter: Pick<OrderFilter, 'clubId' | 'competitionId'> & { paidFrom: Date; paidTo: Date },
) {
  return tx
    .select({
      id: orders.id,
      competitionId: orders.competitionId,
      amountPence: orders.amountPence,
      refundedPence: orders.refundedPence,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .innerJoin(competitions, eq(competitions.id, orders.competitionId))
    .innerJoin(user, eq(user.id, orders.userId))
    .where(orderConditions(filter))
    .orderBy(orders.paidAt, orders.id);
}

export async function staleOrders(tx: DbOrTx, now: Date) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now)))
    .limit(1000);
}

/** Paid orders of cancelled competitions whose money has not all gone back yet. */
export async function ordersOwedByCancellation(tx: DbOrTx) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(competitions, eq(competitions.id, orders.competitionId))
    .where(
      and(
        eq(competitions.status, 'cancelled'),
        inArray(orders.status, ['paid', 'partially_refunded']),
        sql`${orders.refundedPence} < ${orders.amountPence}`,
      ),
    )
    .limit(500);
}

export async function paidOrdersOfCompetition(tx: DbOrTx, competitionId: string) {
  return tx
    .select({ id: orders.id, clubId: orders.clubId })
    .from(orders)
    .where(
      and(eq(orders.competitionId, competitionId), inArray(orders.status, ['paid', 'partially_refunded'])),
    );
}

export async function ordersOfUser(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  return db
    .select({ order: orders, competitionName: competitions.name })
    .from(orders)
    .innerJoin(competitions, eq(competitions.id, orders.competitionId))
    .where(and(eq(orders.clubId, clubId), eq(orders.userId, userId)))
    .orderBy(asc(orders.createdAt));
}

/** The lives and buy-backs of the orders' competitions, which the receipts state. */
export async function competitionVariantsOf(
  db: DbOrTx,
  { clubIds, competitionIds }: { clubIds: string[]; competitionIds: string[] },
) {
  if (competitionIds.length === 0) return [];
  return db
    .select({
      id: competitions.id,
      rules: competitions.rules,
      startRound: competitions.startRound,
      prizeModel: competitions.prizeModel,
      buyBackUntilRound: competitions.buyBackUntilRound,
      buyBackPricePence: competitions.buyBackPricePence,
    })
    .from(competitions)
    .where(and(inArray(competitions.clubId, clubIds), inArray(competitions.id, competitionIds)));
}
