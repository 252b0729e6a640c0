import type { Order } from '@lastman/api';
import { describe, expect, it } from 'vitest';
import { orderEmails } from '../../src/domains/payments/orders/emails.ts';

const order: Order = {
  id: 'ord_1',
  status: 'paid',
  amountPence: 105_000,
  refundedPence: 0,
  currency: 'gbp',
  provider: 'stripe',
  shortNumber: 'ORD_1',
  cardLast4: '4242',
  competitionId: 'cmp_1',
  competitionName: 'Autumn Cup',
  clubName: 'The Red Lion',
  entryCount: 21,
  unitPricePence: 5000,
  variants: { rules: { lives: 0 }, buyBack: null, startRound: 1, prizeModel: 'pool' },
  failureReason: null,
  createdAt: '2026-09-01T18:00:00.000Z',
  paidAt: '2026-09-01T18:01:00.000Z',
  expiresAt: '2026-09-01T18:30:00.000Z',
  entries: [],
  refunds: [],
};
const to = { email: 'pat@example.com', name: 'Pat' };

describe('order emails', () => {
  it('show money as the screens do: £1,050.00, not £1050.00', () => {
    const receipt = orderEmails.receipt(to, order).text;
    expect(receipt).toContain('Bought: 21 entries × £50.00');
    expect(receipt).toContain('Total paid: £1,050.00');
    const refund = orderEmails.refund(to, { ...order, refundedPence: 100_000 }, 100_000, 'cancelled').text;
    expect(refund).toContain('The Red Lion has refunded £1,000.00');
    expect(refund).toContain('Refunded so far: £1,000.00 of £1,050.00.');
  });

  it('name the order by its short number and the card by its last four digits', () => {
    const receipt = orderEmails.receipt(to, order).text;
    expect(receipt).toContain('Order: ORD_1');
    expect(receipt).toContain('Card: ending 4242');
    expect(orderEmails.refund(to, order, 5000, 'asked').text).toContain('your order ORD_1 (Autumn Cup)');
    const cash = orderEmails.receipt(to, { ...order, provider: 'cash', cardLast4: null }).text;
    expect(cash).toContain('Paid in cash at The Red Lion.');
  });

  it('state the competition’s lives and buy-backs in the shared words', () => {
    const classic = orderEmails.receipt(to, order).text;
    expect(classic).toContain('Lives: No lives: an entry is out the first time its pick fails.');
    expect(classic).toContain('Buying back in: No buy-backs: once an entry is out, it stays out.');
    const variants = {
      rules: { lives: 1 },
      buyBack: { untilRound: 3, pricePence: 500 },
      startRound: 1,
      prizeModel: 'pool' as const,
    };
    const receipt = orderEmails.receipt(to, { ...order, variants }).text;
    expect(receipt).toContain('Lives: Each entry can lose 1 match and stay in');
    expect(receipt).toContain(
      'Buying back in: An entry knocked out in rounds 1–3 can buy back in once for £5.00 before the next deadline; it comes back with no lives and keeps its used teams.',
    );
    expect(receipt).toContain('by players aged 18 and over only');
  });
});
