import { z } from 'zod';
import { Id, requiredName } from '../common.ts';
import { OrderCreated } from '../payments/payments.ts';
import { EntryStatus } from './game.ts';

/** How an entry was paid for: by card (Stripe), with the test provider, in cash at the bar, or free. */
export const PaidHow = z.enum(['card', 'test', 'cash', 'free']);
export type PaidHow = z.infer<typeof PaidHow>;

export const paidHowLabels: Record<PaidHow, string> = {
  card: 'Card',
  test: 'Test card',
  cash: 'Cash',
  free: 'Free',
};

/** Said wherever admins see picks: before a round's deadline they see others' picks no more than players do. */
export const PICKS_AFTER_DEADLINE = 'Picks show after the deadline, for everyone, admins included.';

/** The club knocked the entry out: from this round on it takes no part. */
export const EntryRemoval = z.object({
  fromRound: z.number().int(),
  reason: z.string(),
  byName: z.string().nullable(),
  at: z.string(),
});
export type EntryRemoval = z.infer<typeof EntryRemoval>;

export const AdminEntryView = z
  .object({
    id: z.string(),
    userId: z.string(),
    playerName: z.string(),
    /** 1, 2, ... when the player has more than one entry; null when one. */
    entryNumber: z.number().int().nullable(),
    status: EntryStatus,
    eliminatedRound: z.number().int().nullable(),
    /** A name-only player (no account): the club records their entries and makes their picks. */
    nameOnly: z.boolean(),
    /** The reference typed at the till when the entry was paid in cash; null otherwise. */
    tillReference: z.string().nullable(),
    picks: z.array(
      z.object({
        round: z.number().int(),
        /**
         * null: a pick was made, but the round's deadline has not passed and the entry is someone
         * else's, so the team stays hidden (from admins too, as from every player).
         */
        teamName: z.string().nullable(),
        auto: z.boolean(),
        outcome: z.enum(['survived', 'eliminated', 'void', 'invalid']).nullable(),
      }),
    ),
    paidHow: PaidHow,
    orderId: z.string().nullable(),
    removed: EntryRemoval.nullable(),
    /**
     * What refunding the entry would give back now (its order's price per entry), or null when it cannot
     * be refunded: free, unpaid, already refunded, or out on the results after playing a settled round.
     * An entry the club knocked out can be refunded while the competition is in play.
     */
    refundPence: z.number().int().nullable(),
    /** Bought back in after being knocked out in this round; null when not. */
    boughtBackRound: z.number().int().nullable().optional(),
    /** It may be bought back in now (cash at the bar, or a free rejoin), until the next round's deadline. */
    buyBackOffer: z.object({ pricePence: z.number().int(), closesAt: z.string() }).nullable().optional(),
  })
  .meta({ id: 'AdminEntry' });
export type AdminEntryView = z.infer<typeof AdminEntryView>;

export const AdminEntryList = z
  .object({
    competitionId: z.string(),
    /** The round a knock-out made now would take effect from; null once the competition is over. */
    knockOutFromRound: z.number().int().nullable(),
    entries: z.array(AdminEntryView),
  })
  .meta({ id: 'AdminEntryList' });
export type AdminEntryList = z.infer<typeof AdminEntryList>;

export const AdminEntriesQuery = z.object({
  /** Part of the player's name or email, any case. */
  search: z.string().trim().max(100).optional(),
});

export const CompetitionEntryParams = z.object({ id: Id, entryId: Id });
/** An admin picks for a name-only player's entry in a round. */
export const CompetitionEntryRoundParams = z.object({
  id: Id,
  entryId: Id,
  round: z.coerce.number().int().min(1).max(99),
});

export const EntryKnockOut = z
  .object({
    reason: z.string().trim().min(3, 'say why, in a few words').max(300),
    /** Also refund the entry to the player (a paid entry): recorded with the knock-out, then asked of the card provider. */
    refund: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'EntryKnockOut' });
export type EntryKnockOut = z.input<typeof EntryKnockOut>;

/** The knocked-out entry, and the refund made with it when one was asked for. */
export const EntryKnockedOut = AdminEntryView.extend({
  refund: z
    .object({
      amountPence: z.number().int(),
      /** `pending`: asked of the card provider, no answer yet; `failed`: listed under payments needing attention. */
      status: z.enum(['pending', 'succeeded', 'failed']),
      failureReason: z.string().nullable(),
    })
    .nullable(),
}).meta({ id: 'EntryKnockedOut' });
export type EntryKnockedOut = z.infer<typeof EntryKnockedOut>;

/**
 * An admin records entries paid for in cash at the bar: for a member (`userId`), or for a regular
 * without the app by name only (`playerName`, with `confirmsAdult` as paid entries are 18+ only).
 */
const cashEntryCommon = {
  entries: z.number().int().min(1).max(20),
  /** The reference typed at the till, shown in the entries list. */
  reference: z.string().trim().max(200).optional(),
};

export const CashEntryCreate = z
  .union([
    z.object({ userId: Id, ...cashEntryCommon }).strict(),
    z
      .object({
        // One line: the name goes on lists, CSV cells and emails (a line break there is an injection).
        playerName: requiredName(100, 'give their name').min(2, 'give their name'),
        confirmsAdult: z.literal(true, {
          error: 'confirm they are 18 or over: paid entries are for adults only',
        }),
        ...cashEntryCommon,
      })
      .strict(),
  ])
  .meta({ id: 'CashEntryCreate' });
export type CashEntryCreate = z.input<typeof CashEntryCreate>;

export const CashEntryCreated = z
  .object({
    orderId: z.string(),
    shortNumber: z.string(),
    amountPence: z.number().int(),
    entryIds: z.array(z.string()),
    /** The player the entries are for: the member, or the name-only player just made. */
    userId: z.string(),
  })
  .meta({ id: 'CashEntryCreated' });
export type CashEntryCreated = z.infer<typeof CashEntryCreated>;

/** What saving a result would do, competition by competition (nothing is saved). */
export const ResultPreview = z
  .object({
    competitions: z.array(
      z.object({
        competitionId: z.string(),
        name: z.string(),
        /** Entries in now that the result would put out. */
        knocksOut: z.number().int(),
        /** Entries out now that the result would bring back. */
        bringsBack: z.number().int(),
        /** Whose entries it would put out: "Jo Bloggs", "Pat Smith (entry 2)". */
        knockedOut: z.array(z.string()),
        /** Whose entries it would bring back. */
        broughtBack: z.array(z.string()),
        /** In plain words: "This knocks out 1 entry, brings back 0. Out: Jo Bloggs." */
        summary: z.string(),
      }),
    ),
  })
  .meta({ id: 'ResultPreview' });
export type ResultPreview = z.infer<typeof ResultPreview>;

export function resultPreviewText(
  knocksOut: number,
  bringsBack: number,
  names: { out: readonly string[]; back: readonly string[] } = { out: [], back: [] },
): string {
  const counts = `This knocks out ${knocksOut} ${knocksOut === 1 ? 'entry' : 'entries'}, brings back ${bringsBack}.`;
  const out = names.out.length > 0 ? ` Out: ${names.out.join(', ')}.` : '';
  const back = names.back.length > 0 ? ` Back in: ${names.back.join(', ')}.` : '';
  return `${counts}${out}${back}`;
}

export const EntryIdParams = z.object({ id: Id });

/**
 * Buying a knocked-out entry back in: a free rejoin (`rejoined`, the entry is back now) or a
 * checkout (`checkout`, the entry is back once the payment arrives).
 */
export const BuyBackResult = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('rejoined'), entryId: z.string() }),
    z.object({ kind: z.literal('checkout'), entryId: z.string(), checkout: OrderCreated }),
  ])
  .meta({ id: 'BuyBackResult' });
export type BuyBackResult = z.infer<typeof BuyBackResult>;

/** An admin records a buy-back paid in cash at the bar (or a free rejoin, for a free buy-back). */
export const CashBuyBackCreate = z
  .object({
    /** The reference typed at the till, shown in the orders list. */
    reference: z.string().trim().max(200).optional(),
  })
  .strict()
  .meta({ id: 'CashBuyBackCreate' });
export type CashBuyBackCreate = z.input<typeof CashBuyBackCreate>;

export const CashBuyBackCreated = z
  .object({
    entryId: z.string(),
    /** The cash order; null for a free rejoin. */
    orderId: z.string().nullable(),
    amountPence: z.number().int(),
    /** The round the entry was knocked out in and is bought back after. */
    round: z.number().int(),
  })
  .meta({ id: 'CashBuyBackCreated' });
export type CashBuyBackCreated = z.infer<typeof CashBuyBackCreated>;
