/** Stripe Connect: a club's own Stripe account, as Stripe reports it. */
export interface ConnectedAccountState {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
}

/** The connected account a call is made on (the Stripe-Account header); null for the platform's own. */
export type OnAccount = string | null;
