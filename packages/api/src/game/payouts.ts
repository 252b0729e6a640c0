import { z } from 'zod';
import { Id } from '../common.ts';

export const PayoutMethod = z.enum(['bank_transfer', 'cash', 'other']);
export type PayoutMethod = z.infer<typeof PayoutMethod>;

export const payoutMethodLabels: Record<PayoutMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  other: 'Other',
};

/** An admin records a prize the club paid outside the app. */
export const PayoutCreate = z
  .object({
    entryId: Id,
    amountPence: z.number().int().min(1, 'must be at least 1p').max(100_000_000),
    method: PayoutMethod,
    reference: z.string().max(200).trim().default(''),
    /** When it was paid, UTC ISO (not in the future). */
    paidAt: z.iso.datetime({ offset: true }),
  })
  .strict()
  .meta({ id: 'PayoutCreate' });
export type PayoutCreate = z.input<typeof PayoutCreate>;

export const PayoutView = z
  .object({
    id: z.string(),
    entryId: z.string(),
    userId: z.string(),
    playerName: z.string(),
    amountPence: z.number().int(),
    paidAt: z.string(),
    method: PayoutMethod,
    reference: z.string(),
    recordedBy: z.object({ id: z.string(), name: z.string() }),
    createdAt: z.string(),
    /** The entry is (still) one of the competition's winners. */
    toWinner: z.boolean(),
  })
  .meta({ id: 'Payout' });
export type PayoutView = z.infer<typeof PayoutView>;

export const CompetitionAuditView = z.object({
  id: z.string(),
  kind: z.enum([
    'payout_recorded',
    'winners_changed',
    'review_cleared',
    'entry_removed',
    'entry_reinstated',
    'entry_corrected',
    'entry_bought_back',
    'buy_back_refunded',
  ]),
  message: z.string(),
  at: z.string(),
  byName: z.string().nullable(),
});
export type CompetitionAuditView = z.infer<typeof CompetitionAuditView>;

export const PayoutSummary = z
  .object({
    competitionId: z.string(),
    finished: z.boolean(),
    potPence: z.number().int(),
    remainderPence: z.number().int(),
    /** The winners now, with each one's share and what has been paid to them. */
    winners: z.array(
      z.object({
        entryId: z.string(),
        userId: z.string(),
        playerName: z.string(),
        sharePence: z.number().int(),
        paidPence: z.number().int(),
        owedPence: z.number().int(),
      }),
    ),
    payouts: z.array(PayoutView),
    /** Set when a result correction changed the winners after a payout was recorded. */
    review: z.object({ reason: z.string(), at: z.string() }).nullable(),
    audit: z.array(CompetitionAuditView),
  })
  .meta({ id: 'PayoutSummary' });
export type PayoutSummary = z.infer<typeof PayoutSummary>;

export const CompetitionReviewList = z
  .object({
    reviews: z.array(
      z.object({ competitionId: z.string(), name: z.string(), reason: z.string(), at: z.string() }),
    ),
  })
  .meta({ id: 'CompetitionReviewList' });
export type CompetitionReviewList = z.infer<typeof CompetitionReviewList>;
