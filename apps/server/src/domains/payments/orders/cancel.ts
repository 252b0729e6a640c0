import type { Order } from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { deletePendingEntries, findOrder, lockOrderById, updateOrder } from './queries.ts';
import { viewOne } from './views.ts';

export const CANCELLED_BY_PLAYER = 'You cancelled this order before paying.';

/**
 * A player backs out of a checkout: their pending order ends now instead of at its expiry, and the
 * places its entries held are given back. Only the owner may, and only while nothing is paid; the
 * provider's intent is cancelled afterwards so that the card can no longer be charged for it.
 */
export async function cancelPendingOrder(
  services: Pick<Services, 'db' | 'payments'>,
  viewer: Viewer,
  orderId: string,
): Promise<Order> {
  const found = await findOrder(services.db, { clubId: viewer.clubId, orderId });
  if (!found || found.userId !== viewer.userId) throw notFound('That order');
  const intent = await services.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, { orderId });
    if (order?.status !== 'pending') {
      throw new AppError(
        'CONFLICT',
        'This order is no longer waiting for payment, so it cannot be cancelled.',
      );
    }
    // `expired` as an order that timed out: no longer payable, nothing taken; the reason says who ended it.
    await updateOrder(tx, { orderId }, { status: 'expired', failureReason: CANCELLED_BY_PLAYER });
    await deletePendingEntries(tx, { orderId });
    return order.paymentIntentId ? { id: order.paymentIntentId, account: order.providerAccountId } : null;
  });
  // A payment that beat the cancel to the provider still arrives as its event, which honours or refunds it.
  if (intent) await services.payments.cancelIntent(intent.id, intent.account).catch(() => undefined);
  return viewOne(services.db, viewer.clubId, orderId);
}
