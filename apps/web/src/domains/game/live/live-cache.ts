import type { CompetitionLive, LiveEvent, SeasonRound } from '@lastman/api';

type LiveScoreEvent = Extract<LiveEvent, { type: 'live-score' }>;

/**
 * A live score written into a cached live view. `changed`: the view shows something new (its
 * `live` is a new object). `statesChanged`: the goals or the feed's state moved, so the entries'
 * states (through, out if, ...) may have moved too and are worth fetching again; a new minute alone
 * changes nothing but the clock on screen.
 */
export interface PatchedLive {
  readonly live: CompetitionLive;
  readonly changed: boolean;
  readonly statesChanged: boolean;
}

export function patchScore(live: CompetitionLive, event: LiveScoreEvent): PatchedLive {
  let changed = false;
  let statesChanged = false;
  const fixtures = live.fixtures.map((f) => {
    if (f.fixtureId !== event.fixtureId || f.status === 'finished') return f;
    const goalsMoved = f.homeGoals !== event.homeGoals || f.awayGoals !== event.awayGoals;
    const feedMoved = f.feed !== event.feed;
    if (!goalsMoved && !feedMoved && f.minute === event.minute && f.source === event.source) return f;
    changed = true;
    if (goalsMoved || feedMoved) statesChanged = true;
    return {
      ...f,
      homeGoals: event.homeGoals,
      awayGoals: event.awayGoals,
      minute: event.minute,
      feed: event.feed,
      source: event.source,
    };
  });
  return { live: changed ? { ...live, fixtures } : live, changed, statesChanged };
}

/**
 * The entries' states are fetched again at most this often per competition: a goal shows at once
 * (written into the cache), the states follow within these seconds, and a busy match day (ten
 * matches, a goal every few seconds) costs the server a handful of calls a minute per screen, not
 * one per score.
 */
export const STATES_REFETCH_GAP_MS = 5000;
/** Changes arriving together (one feed poll reports every match) are fetched once. */
export const STATES_REFETCH_DEBOUNCE_MS = 250;

/** How long to wait before fetching the states again, given when they were last fetched. */
export const statesRefetchDelay = (lastFetchedAt: number, now: number) =>
  Math.max(STATES_REFETCH_DEBOUNCE_MS, lastFetchedAt + STATES_REFETCH_GAP_MS - now);

/**
 * A live score written into a cached round of the Matches tab: the match shows its score with
 * "LIVE" at once. The same object back when nothing changed.
 */
export function patchSeasonRound(round: SeasonRound, event: LiveScoreEvent): SeasonRound {
  let changed = false;
  const fixtures = round.fixtures.map((f) => {
    if (f.id !== event.fixtureId || f.status === 'finished') return f;
    const live = f.live;
    if (
      live &&
      live.home === event.homeGoals &&
      live.away === event.awayGoals &&
      live.minute === event.minute
    )
      return f;
    changed = true;
    return { ...f, live: { home: event.homeGoals, away: event.awayGoals, minute: event.minute } };
  });
  return changed ? { ...round, fixtures } : round;
}
