import type { Services } from '../../../services.ts';
import type { OrderRow } from '../orders/index.ts';

export type PaymentServices = Pick<
  Services,
  'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'registries'
>;

export interface EventResult {
  duplicate: boolean;
  outcome: string;
  orderId: string | null;
}

export interface Applied {
  outcome: string;
  order: OrderRow | null;
  /** Work that must wait for the commit: emails and calls to the provider. */
  after?: { receipt: true } | { refundId: string } | { refundReceipts: true };
}

/** Three failed card attempts on one order are worth an admin's look (card testing, a stuck player). */
export const FAILED_ATTEMPTS_WORTH_A_LOOK = 3;

export const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === 'string' ? ref : ref?.id;
