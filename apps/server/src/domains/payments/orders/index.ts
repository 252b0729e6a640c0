// The orders feature as other features see it: they import from here, never its other files.

export {
  applyBuyBack,
  type BuyBackOffer,
  createBuyBackOrder,
  recordBuyBackRefund,
  recordCashBuyBack,
} from './buy-backs.ts';
export { recordCashEntries } from './cash.ts';
export { orderEmails, sendReceipt } from './emails.ts';
export type { OrderRow, RefundRow } from './queries.ts';
export {
  countEventsOfOrder,
  countHeldEntries,
  deletePendingEntries,
  entriesOfOrders,
  findRefund,
  findRefundByProviderId,
  insertEntries,
  insertIssue,
  insertRefund,
  listIssues,
  lockOrderById,
  lockOrderByIntent,
  paidOrdersInPeriod,
  refundsOfOrders,
  resolveIssue,
  setEntriesStatus,
  updateOrder,
  updateRefund,
} from './queries.ts';
export {
  coveredEntryIds,
  executeRefund,
  outcomeOfProviderRefund,
  recomputeOrderRefunds,
  recordRefundIntent,
  refundsPence,
  retryPendingRefunds,
  sendRefundReceipts,
  settleRefund,
} from './refunds.ts';
export {
  cancelIntents,
  expireStaleOrders,
  getOrder,
  recordEntriesRefund,
  refundCancelledCompetitions,
} from './service.ts';
export { orderViews } from './views.ts';
