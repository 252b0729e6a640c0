import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';
import { competitions, entries } from '../schema.ts';

export const payoutMethods = ['bank_transfer', 'cash', 'other'] as const;

/** A prize paid by the club outside the app (bank transfer, cash), as the admin recorded it. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    clubId: clubIdColumn(),
    competitionId: text('competition_id')
      .notNull()
      .references(() => competitions.id),
    /** The winning entry it pays. */
    entryId: text('entry_id')
      .notNull()
      .references(() => entries.id),
    /** The entry's player when it was paid. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    amountPence: integer('amount_pence').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    method: text('method', { enum: payoutMethods }).notNull(),
    reference: text('reference').notNull().default(''),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_club_competition_idx').on(t.clubId, t.competitionId, t.createdAt),
    check('payouts_amount_check', sql`${t.amountPence} > 0`),
  ],
);

export const competitionAuditKinds = [
  'payout_recorded',
  'winners_changed',
  'review_cleared',
  'entry_removed',
  'entry_reinstated',
  /** A result correction put an entry out or brought it back (detail: entryId, out, round, result). */
  'entry_corrected',
  /** An entry knocked out was bought back in (detail: entryId, round, orderId, how). */
  'entry_bought_back',
  /** A correction made a buy-back needless: it was undone and refunded (detail: entryId, round, orderId). */
  'buy_back_refunded',
] as const;

/** What happened to a competition's prize and why: payouts, winners changed by a correction, reviews. */
export const competitionAudit = pgTable(
  'competition_audit',
  {
    id: id(),
    clubId: clubIdColumn(),
    competitionId: text('competition_id')
      .notNull()
      .references(() => competitions.id),
    kind: text('kind', { enum: competitionAuditKinds }).notNull(),
    /** In plain words, for the admin. */
    message: text('message').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** Who did it (null for the system). */
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The order of writing: one correction writes several lines at the same instant. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('competition_audit_club_competition_idx').on(t.clubId, t.competitionId, t.createdAt)],
);
