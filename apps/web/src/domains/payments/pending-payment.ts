import type { OrderCreated } from '@lastman/api';
import { isNative } from '../../lib/platform.ts';
import { SessionKey } from '../../lib/session.ts';
import { storage } from '../../lib/storage/storage.ts';

type Instruction = OrderCreated['payment'];

/**
 * The payment instruction of an order between "Buy" and the card screen. It lives in this tab's
 * sessionStorage (it survives a reload of the card screen, not the tab); the device's `stripetoken`
 * key keeps only the provider's PaymentIntent id, never a secret or card data.
 */
const key = (orderId: string) => `lastman.payment.${orderId}`;

/** The card screen of an order: in the app on a device (`stripe`), in the browser otherwise (`stripe-web`). */
export function paymentPath(orderId: string): string {
  return `${isNative() ? '/stripe' : '/stripe-web'}?order=${encodeURIComponent(orderId)}`;
}

export function paymentIntentId(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? '';
}

export async function rememberPayment(orderId: string, payment: Instruction): Promise<void> {
  try {
    sessionStorage.setItem(key(orderId), JSON.stringify(payment));
  } catch {
    // Private mode without storage: the card screen then asks to start again.
  }
  await storage.set(SessionKey.stripetoken, paymentIntentId(payment.clientSecret)).catch(() => undefined);
}

export function recallPayment(orderId: string): Instruction | null {
  try {
    const raw = sessionStorage.getItem(key(orderId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'provider' in value &&
      'clientSecret' in value &&
      (value.provider === 'stripe' || value.provider === 'test') &&
      typeof value.clientSecret === 'string'
    ) {
      const publishableKey =
        'publishableKey' in value && typeof value.publishableKey === 'string' ? value.publishableKey : null;
      const stripeAccount =
        'stripeAccount' in value && typeof value.stripeAccount === 'string' ? value.stripeAccount : null;
      return { provider: value.provider, clientSecret: value.clientSecret, publishableKey, stripeAccount };
    }
  } catch {
    // fall through
  }
  return null;
}

export function forgetPayment(orderId: string): void {
  try {
    sessionStorage.removeItem(key(orderId));
  } catch {
    // nothing to forget
  }
}
