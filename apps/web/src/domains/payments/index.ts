// The payments feature as other features see it: they import from here, never its other files.
import { lazyPart } from '../../ui/lazy-part.tsx';

/** Loaded only when a competition shows an unpaid checkout: most game screens never need it. */
export const UnpaidOrders = lazyPart(
  async () => (await import('./components/unpaid-orders.tsx')).UnpaidOrders,
);
export { paymentsAdminKeys, refundOrder } from './admin/api/orders-admin-api.ts';
export { useStripeAccount } from './admin/api/stripe-account-api.ts';
export { OrdersAdmin } from './admin/orders-admin.tsx';
export { StripeAccountAdmin, stripeReturn } from './admin/stripe-account-admin.tsx';
export { orderKeys, useCreateOrder, useMyOrders } from './api/payments-api.ts';
export { OrderStatusBadge, orderStatusLabel } from './components/order-status-badge.tsx';
export { TestPaymentsBanner } from './components/test-payments-banner.tsx';
export { paymentPath, rememberPayment } from './pending-payment.ts';
