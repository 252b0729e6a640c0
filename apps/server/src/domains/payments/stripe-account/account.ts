export type { ConnectedAccountState, OnAccount } from '../../../lib/payment-provider.ts';
