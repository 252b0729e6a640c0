import type { PersonalExportPart } from '../../lib/registries.ts';
import { ordersOfUser, refundsOfOrders } from './orders/queries.ts';

/** The person's orders, what was paid for each and through which provider, and what came back. */
export const paymentsPersonalExport: PersonalExportPart = async (db, at) => {
  const rows = await ordersOfUser(db, at);
  const refunds = await refundsOfOrders(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    orders: rows.map(({ order, competitionName }) => ({
      id: order.id,
      competitionId: order.competitionId,
      competitionName,
      status: order.status,
      entryCount: order.entryCount,
      unitPricePence: order.unitPricePence,
      amountPence: order.amountPence,
      refundedPence: order.refundedPence,
      currency: order.currency,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
    })),
    payments: rows
      .filter(({ order }) => order.paidAt !== null)
      .map(({ order }) => ({
        orderId: order.id,
        provider: order.provider,
        paymentId: order.paymentIntentId,
        amountPence: order.amountPence,
        currency: order.currency,
        paidAt: order.paidAt,
      })),
    refunds: refunds.map((r) => ({
      id: r.id,
      orderId: r.orderId,
      entryIds: r.entryIds,
      amountPence: r.amountPence,
      reason: r.reason,
      createdAt: r.createdAt,
    })),
  };
};
