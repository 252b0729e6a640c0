// The payments feature as other features see it: they import from here, never its other files.
export { orderKeys, useCreateOrder, useMyOrders } from './api/payments-api.ts';
export { OrderStatusBadge, orderStatusLabel } from './components/order-status-badge.tsx';
export { TestPaymentsBanner } from './components/test-payments-banner.tsx';
export { UnpaidOrders } from './components/unpaid-orders.tsx';
export { paymentPath, rememberPayment } from './pending-payment.ts';
