import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns.ts';
import { user } from '../account/schema.ts';
import { clubIdColumn } from '../club/schema.ts';
import { competitions } from '../game/schema.ts';

export const orderStatuses = [
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** 'cash': paid at the bar and recorded by an admin; nothing is asked of a card provider for it. */
export const paymentProviders = ['stripe', 'test', 'cash'] as const;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    clubId: clubIdColumn(),
    competitionId: text('competition_id')
      .notNull()
      .references(() => competitions.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    entryCount: smallint('entry_count').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    amountPence: integer('amount_pence').notNull(),
    refundedPence: integer('refunded_pence').notNull().default(0),
    currency: text('currency').notNull().default('gbp'),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** Stripe Connect: the club's account the intent was created on (null: the platform's own). */
    providerAccountId: text('provider_account_id'),
    failureReason: text('failure_reason'),
    /** The paying card's last four digits, when the provider told us (receipts show them). */
    cardLast4: text('card_last4'),
    /** A cash order: the admin's note (a till receipt number, say) and who recorded it. */
    reference: text('reference'),
    recordedBy: text('recorded_by').references(() => user.id),
    /**
     * A buy-back order: the entry it buys back in (one, `entryCount` 1), the round it was knocked out
     * in, and when its window closes (the next round's deadline). Null for an order of new entries.
     */
    buyBackEntryId: text('buy_back_entry_id'),
    buyBackRound: smallint('buy_back_round'),
    buyBackClosesAt: timestamp('buy_back_closes_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_payment_intent_idx').on(t.paymentIntentId),
    index('orders_club_created_idx').on(t.clubId, t.createdAt),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    check(
      'orders_amount_check',
      sql`${t.amountPence} = ${t.unitPricePence} * ${t.entryCount} AND ${t.refundedPence} BETWEEN 0 AND ${t.amountPence}`,
    ),
  ],
);

/** Each provider event is recorded once, in the same transaction as its effect. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: paymentProviders }).notNull(),
  type: text('type').notNull(),
  /** Stripe Connect: the connected account the event came from (null: the platform's own). */
  account: text('account'),
  orderId: text('order_id'),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  payload: jsonb('payload').notNull(),
});

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Money given back. A refund the app makes is written `pending` (with its idempotency key) before the
 * provider is asked, so a `charge.refunded` event that overtakes our own write finds it; the order's
 * refunded amount is always the sum of its `succeeded` rows.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    clubId: clubIdColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    entryIds: jsonb('entry_ids').$type<string[]>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: refundStatuses }).notNull().default('succeeded'),
    /** The key the provider call is made with; null for refunds made outside the app. */
    idempotencyKey: text('idempotency_key'),
    failureReason: text('failure_reason'),
    reason: text('reason').notNull(),
    createdBy: text('created_by').references(() => user.id),
    /** When the player's refund receipt was sent: each refund is emailed once. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_provider_idx').on(t.providerRefundId),
    uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const paymentIssueKinds = [
  'amount_mismatch',
  'late_payment_refunded',
  'refund_failed',
  'refund_outside_app',
  'payment_failed',
  'dispute',
] as const;
export type PaymentIssueKind = (typeof paymentIssueKinds)[number];

/** Payments that need an admin's attention. */
export const paymentIssues = pgTable(
  'payment_issues',
  {
    id: id(),
    clubId: clubIdColumn(),
    orderId: text('order_id').references(() => orders.id),
    kind: text('kind', { enum: paymentIssueKinds }).notNull(),
    detail: text('detail').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id),
    resolutionNote: text('resolution_note'),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_issues_club_idx').on(t.clubId, t.createdAt)],
);
