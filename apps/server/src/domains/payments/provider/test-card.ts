import type { Order } from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { getOrder, lockOrderByIntent } from '../orders/index.ts';
import { receivePaymentEvent } from './events.ts';
import { isTestProvider, TEST_CARDS } from './provider.ts';

/**
 * The test provider's card form: the card is "charged" by building the event Stripe would send,
 * signed like Stripe signs it, and handing it to the same handler as Stripe's webhooks.
 */
export async function payWithTestCard(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'registries'>,
  viewer: Viewer,
  input: { clientSecret: string; cardNumber: string },
): Promise<{ outcome: 'succeeded' | 'failed'; message: string; order: Order }> {
  const provider = services.payments;
  if (!isTestProvider(provider)) {
    throw new AppError('FORBIDDEN', 'Test payments are switched off: real card payments are configured.');
  }
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (!TEST_CARDS[digits]) {
    throw new AppError(
      'BAD_REQUEST',
      'Use a test card: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 9995 (insufficient funds).',
    );
  }
  const intentId = input.clientSecret.split('_secret_')[0] ?? '';
  const order = await lockOrderByIntent(services.db, { paymentIntentId: intentId });
  if (!order || order.userId !== viewer.userId || order.clubId !== viewer.clubId)
    throw notFound('That payment');
  if (order.status !== 'pending') {
    throw new AppError('CONFLICT', `This order is already ${order.status.replace('_', ' ')}.`);
  }
  const event = provider.cardResultEvent({
    paymentIntentId: intentId,
    orderId: order.id,
    amountPence: order.amountPence,
    currency: order.currency,
    cardNumber: digits,
    nowSeconds: Math.floor(services.clock.now().getTime() / 1000),
  });
  await receivePaymentEvent(services, Buffer.from(event.payload), event.signature);
  return {
    outcome: event.outcome,
    message:
      event.outcome === 'succeeded'
        ? `Payment accepted. ${order.entryCount === 1 ? 'Your entry is' : `Your ${order.entryCount} entries are`} active.`
        : (event.message ?? 'The payment failed.'),
    order: await getOrder(services, viewer, { orderId: order.id }),
  };
}
