import { describe, expect, it } from 'vitest';
import { describeVariants, MAX_LIVES, type VariantSettings, variantsParagraph } from './rules.ts';

const classic: VariantSettings = { rules: { lives: 0 }, buyBack: null, startRound: 1, prizeModel: 'pool' };
const text = (c: VariantSettings, key: 'lives' | 'buyBack') =>
  describeVariants(c).find((l) => l.key === key)?.text ?? '';

describe('lives and buy-backs in plain words', () => {
  it('says a classic competition has neither', () => {
    expect(describeVariants(classic)).toEqual([
      { key: 'lives', label: 'Lives', text: 'No lives: an entry is out the first time its pick fails.' },
      { key: 'buyBack', label: 'Buying back in', text: 'No buy-backs: once an entry is out, it stays out.' },
    ]);
  });

  it('counts lives as the matches an entry can lose and stay in', () => {
    expect(text({ ...classic, rules: { lives: 1 } }, 'lives')).toMatch(
      /^Each entry can lose 1 match and stay in: it starts with 1 life,/,
    );
    expect(text({ ...classic, rules: { lives: 2 } }, 'lives')).toMatch(
      /^Each entry can lose 2 matches and stay in: it starts with 2 lives,/,
    );
    expect(text({ ...classic, rules: { lives: MAX_LIVES } }, 'lives')).toContain('lose 3 matches');
    expect(text({ ...classic, rules: { lives: 1 } }, 'lives')).toContain(
      'With no life left, the next one puts it out.',
    );
  });

  it('states the buy-back window from the start round, the price as money, and what the entry keeps', () => {
    const c: VariantSettings = {
      ...classic,
      rules: { lives: 1 },
      startRound: 1,
      buyBack: { untilRound: 3, pricePence: 500 },
    };
    expect(text(c, 'buyBack')).toBe(
      'An entry knocked out in rounds 1–3 can buy back in once for £5.00 before the next deadline; it comes back with no lives and keeps its used teams. A buy-back is paid like an entry, by players aged 18 and over only. The price goes into the pot, less the club’s share, like an entry fee.',
    );
    // The window is the competition's own first 3 rounds: from gameweek 10, gameweeks 10–12.
    expect(text({ ...c, startRound: 10 }, 'buyBack')).toMatch(/^An entry knocked out in rounds 10–12 can/);
  });

  it('names a single round, and leaves lives out when the competition has none', () => {
    const c: VariantSettings = {
      ...classic,
      startRound: 7,
      // The competition's first round only: gameweek 7.
      buyBack: { untilRound: 1, pricePence: 1_000_000 },
    };
    expect(text(c, 'buyBack')).toMatch(
      /^An entry knocked out in round 7 can buy back in once for £10,000\.00 before the next deadline; it keeps its used teams\./,
    );
  });

  it('keeps the pot out of a fixed prize, and age and money out of a free rejoin', () => {
    const fixed = text(
      { ...classic, prizeModel: 'fixed', buyBack: { untilRound: 2, pricePence: 250 } },
      'buyBack',
    );
    expect(fixed).toContain('for £2.50');
    expect(fixed).toContain('aged 18 and over');
    expect(fixed).not.toContain('pot');
    for (const c of [
      { ...classic, buyBack: { untilRound: 2, pricePence: 0 } },
      { ...classic, prizeModel: 'free' as const, buyBack: { untilRound: 2, pricePence: 500 } },
    ]) {
      const free = text(c, 'buyBack');
      expect(free).toContain('can buy back in once for free before the next deadline');
      expect(free).not.toMatch(/£|18|pot/);
    }
  });

  it('joins both lines into one paragraph for receipts and terms', () => {
    expect(variantsParagraph(classic)).toBe(
      'No lives: an entry is out the first time its pick fails. No buy-backs: once an entry is out, it stays out.',
    );
  });
});
