import type Stripe from 'stripe';

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

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

export interface IntentState {
  status: string;
  amountReceived: number;
  currency: string;
  /** The paying card's last four digits, once a card has paid. */
  cardLast4: string | null;
}

/**
 * Stripe, or the local test provider that takes the same path offline: the server creates a payment
 * intent, the card is taken on the client, and the result arrives as a signed webhook event.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  /**
   * Verifies a webhook's signature on its raw body (tolerance 5 minutes) and returns the event: with
   * the platform endpoint's secret, or the Connect endpoint's (events from clubs' accounts).
   */
  constructEvent(rawBody: Buffer, signature: string, receivedAtMs: number): Stripe.Event;
  createIntent(order: {
    id: string;
    amountPence: number;
    currency: string;
    clubId: string;
    competitionId: string;
    /** Stripe Connect: created on the club's account, with the platform's fee (pence) if any. */
    account: OnAccount;
    applicationFeePence: number;
  }): Promise<CreatedIntent>;
  retrieveIntent(paymentIntentId: string, account: OnAccount): Promise<IntentState>;
  /**
   * The intent again, with its client secret, while it can still take a payment (a checkout left
   * before paying, resumed); null once it cannot (paid, processing, cancelled).
   */
  resumeIntent(paymentIntentId: string, account: OnAccount): Promise<CreatedIntent | null>;
  /** Cancels an intent that was never paid, so that it can no longer take money. */
  cancelIntent(paymentIntentId: string, account: OnAccount): Promise<void>;
  refund(opts: {
    paymentIntentId: string;
    account: OnAccount;
    amountPence: number;
    idempotencyKey: string;
    reason: string;
    /** Lets the provider's events name the refund, its order and its entries back to us. */
    metadata: Record<string, string>;
  }): Promise<{ id: string; status: string }>;
  /** Stripe Connect: a new account for a club, which its admin completes on Stripe's hosted pages. */
  createAccount(club: { id: string; name: string; email: string | null }): Promise<string>;
  /** Stripe Connect: a single-use link to Stripe's hosted onboarding for the account. */
  accountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  retrieveAccount(accountId: string): Promise<ConnectedAccountState>;
}
