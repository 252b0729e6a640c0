import type { TeamOutcome } from './types.ts';

export interface Rules {
  readonly draw: 'eliminate' | 'survive';
  readonly reuse: 'never' | 'afterAllUsed';
  readonly missedPick: 'eliminate' | 'autoPick';
  readonly postponed: 'survive' | 'eliminate';
  readonly allOut: 'rollover' | 'split';
  /**
   * Lives each entry starts with (0 to MAX_LIVES): an entry that would be knocked out in a played
   * round loses a life instead and stays in, while it has one.
   */
  readonly lives: number;
}

/** The rules chosen from a list of words (every rule but `lives`). */
export type ChoiceRules = Omit<Rules, 'lives'>;

export const MAX_LIVES = 3;

export const defaultRules: Rules = {
  draw: 'eliminate',
  reuse: 'never',
  missedPick: 'eliminate',
  postponed: 'survive',
  allOut: 'rollover',
  lives: 0,
};

/** The allowed values of each rule chosen from a list, the default first. */
export const ruleValues: { readonly [K in keyof ChoiceRules]: readonly ChoiceRules[K][] } = {
  draw: ['eliminate', 'survive'],
  reuse: ['never', 'afterAllUsed'],
  missedPick: ['eliminate', 'autoPick'],
  postponed: ['survive', 'eliminate'],
  allOut: ['rollover', 'split'],
};

/**
 * Buying back in: an entry knocked out in a round up to `untilRound` may be bought back once,
 * before the next round, for `pricePence`. It comes back with no lives and its used teams.
 */
export interface BuyBack {
  readonly untilRound: number;
  readonly pricePence: number;
}

/** The largest entry fee the app allows, and so the largest buy-back price: £10,000. */
export const MAX_ENTRY_FEE_PENCE = 1_000_000;

export const DEFAULT_DEADLINE_MINUTES = 60;
export const SETTLE_GRACE_MS = 48 * 60 * 60 * 1000;
/** A fixture dated more than this many days from its round's reference date was rescheduled out of it. */
export const RESCHEDULE_WINDOW_DAYS = 3;

/** Whether an entry whose team had this outcome survives the round (before lives). */
export function survivesOutcome(outcome: TeamOutcome, rules: Rules): boolean {
  switch (outcome) {
    case 'win':
      return true;
    case 'draw':
      return rules.draw === 'survive';
    case 'loss':
      return false;
    case 'postponed':
      return rules.postponed === 'survive';
  }
}
