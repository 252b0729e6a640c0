// Stripe Connect as other features see it: they import from here, never its other files.

export type { ConnectedAccountState, OnAccount } from './account.ts';
export {
  clubOfAccount,
  paymentAccountFor,
  recordAccountState,
  requireClubCanTakePayments,
} from './service.ts';
