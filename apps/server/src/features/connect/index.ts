// Stripe Connect as other features see it: they import from here, never its other files.
export {
  clubOfAccount,
  paymentAccountFor,
  recordAccountState,
  requireClubCanTakePayments,
} from './service.ts';
export type { ConnectedAccountState, OnAccount } from './account.ts';
