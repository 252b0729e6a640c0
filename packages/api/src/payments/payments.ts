import { z } from 'zod';
import { Id, IsoDate } from '../common.ts';
import { BuyBack, PrizeModel } from '../game/game.ts';

export const OrderStatus = z.enum(['pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** The most entries one order may buy (also the most a competition lets one player hold). */
export const MAX_ENTRIES_PER_ORDER = 50;
/**
 * The most one order may cost, in pence: £999,999.99, the most a card payment in pounds can be, and
 * well inside the 32-bit integer columns that hold amounts.
 */
export const MAX_ORDER_PENCE = 99_999_999;

export const OrderCreate = z
  .object({
    competitionId: Id,
    entries: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_ENTRIES_PER_ORDER, `must be at most ${MAX_ENTRIES_PER_ORDER}`),
  })
  .strict();
export type OrderCreate = z.infer<typeof OrderCreate>;

export const OrderEntry = z.object({
  id: z.string(),
  status: z.string(),
  /** The club knocked the entry out: it can still be refunded, though it played. */
  removedByClub: z.boolean(),
});

export const Order = z
  .object({
    id: z.string(),
    status: OrderStatus,
    amountPence: z.number().int(),
    refundedPence: z.number().int(),
    currency: z.string(),
    provider: z.enum(['stripe', 'test', 'cash']),
    /** The number people read and say: the id's first 8 characters, upper case. */
    shortNumber: z.string(),
    /** The paying card's last four digits, when known. */
    cardLast4: z.string().nullable(),
    competitionId: z.string(),
    competitionName: z.string(),
    /** The club the order was paid to (the pub): receipts name it. */
    clubName: z.string(),
    entryCount: z.number().int(),
    unitPricePence: z.number().int(),
    /** The competition's lives and buy-backs, which its receipts state (`describeVariants` words them). */
    variants: z.object({
      rules: z.object({ lives: z.number().int() }),
      buyBack: BuyBack.nullable(),
      startRound: z.number().int(),
      prizeModel: PrizeModel,
    }),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    expiresAt: z.string(),
    entries: z.array(OrderEntry),
    /** A buy-back order: the knocked-out entry it buys back in, and the round it went out in. */
    buyBack: z.object({ entryId: z.string(), round: z.number().int() }).nullable().optional(),
    refunds: z.array(
      z.object({
        id: z.string(),
        amountPence: z.number().int(),
        entryIds: z.array(z.string()),
        reason: z.string(),
        /** `pending`: asked of the card provider, not confirmed yet; `failed`: no money went back. */
        status: z.enum(['pending', 'succeeded', 'failed']),
        failureReason: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const PaymentInstruction = z.object({
  provider: z.enum(['stripe', 'test', 'cash']),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  /** Stripe Connect: the club's account the payment is on; Stripe.js must be loaded for it. */
  stripeAccount: z.string().nullable().optional(),
});

export const OrderCreated = z
  .object({ order: Order, payment: PaymentInstruction })
  .meta({ id: 'OrderCreated' });
export type OrderCreated = z.infer<typeof OrderCreated>;

export const OrderList = z.object({
  orders: z.array(Order.extend({ userName: z.string().optional(), userEmail: z.string().optional() })),
});
export type OrderList = z.infer<typeof OrderList>;

export const OrderIdParams = z.object({ id: Id });

export const AdminOrderQuery = z.object({
  status: OrderStatus.optional(),
  competitionId: z.string().max(100).optional(),
  q: z.string().max(200).optional(),
  /** Only orders paid on or after this London date (the orders the analytics count as revenue). */
  from: IsoDate.optional(),
  /** Only orders paid on or before this London date. */
  to: IsoDate.optional(),
});

export const TestCardPayment = z
  .object({
    clientSecret: z.string().min(1, 'is required').max(200),
    cardNumber: z.string().min(12, 'must be a card number').max(23),
  })
  .strict();

export const TestCardResult = z.object({
  outcome: z.enum(['succeeded', 'failed']),
  message: z.string(),
  order: Order,
});
export type TestCardResult = z.infer<typeof TestCardResult>;

export const RefundRequest = z
  .object({
    entryIds: z.array(z.string().min(1).max(100)).min(1, 'must name at least one entry').max(50).optional(),
    reason: z.string().max(500).trim().optional(),
  })
  .strict();
export type RefundRequest = z.infer<typeof RefundRequest>;

export const PaymentIssue = z
  .object({
    id: z.string(),
    orderId: z.string().nullable(),
    kind: z.string(),
    detail: z.string(),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
    resolutionNote: z.string().nullable(),
  })
  .meta({ id: 'PaymentIssue' });
export type PaymentIssue = z.infer<typeof PaymentIssue>;
export const PaymentIssueList = z.object({ issues: z.array(PaymentIssue) });

export const PaymentIssueQuery = z.object({
  /** `open` (the default): those still needing attention. */
  status: z.enum(['open', 'resolved', 'all']).optional(),
});

export const PaymentIssueIdParams = z.object({ id: Id });

export const PaymentIssueResolve = z
  .object({ note: z.string().max(1000, 'must be at most 1000 characters').trim().optional() })
  .strict();
export type PaymentIssueResolve = z.infer<typeof PaymentIssueResolve>;
