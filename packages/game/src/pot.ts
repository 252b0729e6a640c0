export type PrizeModel =
  | {
      readonly model: 'pool';
      readonly confirmedFeesPence: readonly number[];
      readonly houseSharePercent: number;
    }
  | { readonly model: 'fixed'; readonly prizePence: number }
  | { readonly model: 'free'; readonly prizePence?: number | null };

function assertPence(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be whole pence, got ${value}`);
}

function assertPercent(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > 100) {
    throw new RangeError(`house share must be a whole percent from 0 to 100, got ${value}`);
  }
}

/** Pool model: the sum of confirmed fees less the house share, rounded down to the penny. */
export function poolPotPence(totalFeesPence: number, houseSharePercent: number): number {
  assertPence(totalFeesPence, 'total fees');
  assertPercent(houseSharePercent);
  // BigInt keeps the product exact beyond 2^53 pence-percent.
  return Number((BigInt(totalFeesPence) * BigInt(100 - houseSharePercent)) / 100n);
}

export function potPence(prize: PrizeModel): number {
  switch (prize.model) {
    case 'pool': {
      let total = 0;
      for (const fee of prize.confirmedFeesPence) {
        assertPence(fee, 'an entry fee');
        total += fee;
      }
      return poolPotPence(total, prize.houseSharePercent);
    }
    case 'fixed':
      assertPence(prize.prizePence, 'the prize');
      return prize.prizePence;
    case 'free': {
      const prizePence = prize.prizePence ?? 0;
      assertPence(prizePence, 'the prize');
      return prizePence;
    }
  }
}

export interface Payouts {
  /** Pence per winner, keyed by winner id. */
  readonly payouts: Readonly<Record<string, number>>;
  /** Pence that stay with the club after an equal split. */
  readonly remainderPence: number;
}

/** Splits the pot equally between the winners, rounded down; the remainder stays with the club. */
export function splitPot(pot: number, winners: readonly string[]): Payouts {
  assertPence(pot, 'the pot');
  if (winners.length === 0) return { payouts: {}, remainderPence: 0 };
  const share = Math.floor(pot / winners.length);
  // No prototype: an id such as "__proto__" must become a key like any other.
  const payouts: Record<string, number> = Object.create(null);
  for (const id of winners) payouts[id] = share;
  return { payouts, remainderPence: pot - share * winners.length };
}
