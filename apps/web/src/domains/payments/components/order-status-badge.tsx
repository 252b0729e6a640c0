import type { OrderStatus } from '@lastman/api';

const labels: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};
const tones: Record<OrderStatus, string> = {
  pending: 'warn',
  paid: 'good',
  failed: 'bad',
  expired: 'muted',
  refunded: 'muted',
  partially_refunded: 'warn',
};

export const orderStatusLabel = (s: OrderStatus): string => labels[s];

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`pill pill--${tones[status]}`}>{labels[status]}</span>;
}
