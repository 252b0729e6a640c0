import { z } from 'zod';

/**
 * Stripe Connect: the club's own Stripe account, through which its entry money is taken.
 * `mode` says how this deployment takes card payments: `connect` (each club's own account),
 * `platform` (one Stripe account for every club) or `test` (the offline test provider).
 */
export const ClubPaymentAccount = z
  .object({
    mode: z.enum(['connect', 'platform', 'test']),
    accountId: z.string().nullable(),
    chargesEnabled: z.boolean(),
    payoutsEnabled: z.boolean(),
    detailsSubmitted: z.boolean(),
    requirementsDue: z.array(z.string()),
    /** Whether the club may open a paid competition and take entry fees now. */
    canTakePayments: z.boolean(),
    /** In plain English: where the club stands and what (if anything) it must do. */
    message: z.string(),
    /** The platform's fee on each payment, in percent (Connect only). */
    applicationFeePercent: z.number(),
    stateUpdatedAt: z.string().nullable(),
  })
  .meta({ id: 'ClubPaymentAccount' });
export type ClubPaymentAccount = z.infer<typeof ClubPaymentAccount>;

export const StripeOnboardingLink = z.object({ url: z.url() }).meta({ id: 'StripeOnboardingLink' });
export type StripeOnboardingLink = z.infer<typeof StripeOnboardingLink>;
