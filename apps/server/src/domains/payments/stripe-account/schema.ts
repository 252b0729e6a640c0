import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/schema/columns.ts';
import { clubs } from '../../club/schema.ts';

/**
 * A club's own Stripe account (Stripe Connect): entry payments are created on it, so the money goes
 * to the club. Its state mirrors Stripe's `account.updated` events. Kept beside the clubs table
 * rather than in it, so a club without Stripe carries nothing of it.
 */
export const clubStripeAccounts = pgTable('club_stripe_accounts', {
  clubId: text('club_id')
    .primaryKey()
    .references(() => clubs.id),
  /** Stripe's `acct_…` id; a connected account's webhook event names it, and it names one club. */
  accountId: text('account_id').notNull().unique(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  /** What Stripe still needs (its `requirements.currently_due`), shown to the club's admin. */
  requirementsDue: text('requirements_due').array().notNull().default([]),
  stateUpdatedAt: timestamp('state_updated_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
