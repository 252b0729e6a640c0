export interface Rules {
  readonly draw: 'eliminate' | 'survive';
  readonly reuse: 'never' | 'afterAllUsed';
  readonly missedPick: 'eliminate' | 'autoPick';
  readonly postponed: 'survive' | 'eliminate';
  readonly allOut: 'rollover' | 'split';
}

export const defaultRules: Rules = {
  draw: 'eliminate',
  reuse: 'never',
  missedPick: 'eliminate',
  postponed: 'survive',
  allOut: 'rollover',
};

/** The allowed values of each rule, the default first. */
export const ruleValues: { readonly [K in keyof Rules]: readonly Rules[K][] } = {
  draw: ['eliminate', 'survive'],
  reuse: ['never', 'afterAllUsed'],
  missedPick: ['eliminate', 'autoPick'],
  postponed: ['survive', 'eliminate'],
  allOut: ['rollover', 'split'],
};

export const DEFAULT_DEADLINE_MINUTES = 60;
export const SETTLE_GRACE_MS = 48 * 60 * 60 * 1000;
/** A fixture dated more than this many days from its round's reference date was rescheduled out of it. */
export const RESCHEDULE_WINDOW_DAYS = 3;
