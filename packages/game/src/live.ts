import type { RoundAnalysis } from './rounds.ts';
import { defaultRules, type Rules, survivesOutcome } from './rules.ts';
import type { Fixture, Score, TeamId } from './types.ts';

/**
 * An entry's fate in a round as the scores stand:
 * - `through`: its team's match is being played and it would survive if it ended like this;
 * - `out-if`: being played, and it would go out if it ended like this;
 * - `life-if`: being played, and it would stay in by losing a life if it ended like this;
 * - `life-lost`: its match is over, lost (or drawn out), and it stays in by losing a life;
 * - `safe`: its match is over (or postponed, or the round void) and it survives;
 * - `out`: its match is over and it is out (or it has no pick under "no pick, you are out");
 * - `waiting`: its match has not kicked off.
 */
export type LiveEntryState = 'through' | 'out-if' | 'life-if' | 'safe' | 'life-lost' | 'out' | 'waiting';

export const liveEntryStates: readonly LiveEntryState[] = [
  'through',
  'out-if',
  'life-if',
  'safe',
  'life-lost',
  'out',
  'waiting',
];

export interface LiveCounts {
  /** Entries not out as the scores stand: through, safe, waiting, or kept in by a life. */
  readonly stillIn: number;
  /** Entries that would go out if their match ended like this. */
  readonly inDanger: number;
  readonly out: number;
  readonly safe: number;
  readonly waiting: number;
}

export interface LiveEntryInput {
  readonly id: string;
  /** The team picked for the round (after any auto-pick); null for none. */
  readonly team: TeamId | null;
  /** Lives it has left going into the round (0 when the rules have none). */
  readonly livesLeft?: number;
}

export interface LiveRound {
  readonly round: number;
  readonly entries: readonly { readonly id: string; readonly state: LiveEntryState }[];
  readonly counts: LiveCounts;
}

function outcomeOf(score: Score, fixture: Fixture, team: TeamId): 'win' | 'draw' | 'loss' {
  if (score.home === score.away) return 'draw';
  return score.home > score.away === (fixture.home === team) ? 'win' : 'loss';
}

/**
 * One entry's state from its pick, the round (its counted fixtures, as settlement counts them), the
 * live score of the pick's fixture, if it is being played, and the lives it has left. A live score
 * never makes an entry `safe`, `life-lost` or `out`: only a full-time result does, as in settlement.
 * An entry that would go out with a life left loses the life instead and stays in, as in settlement.
 */
export function liveEntryState(
  round: RoundAnalysis,
  team: TeamId | null,
  liveScore: (fixtureId: string) => Score | null,
  rules: Partial<Rules> = {},
  livesLeft = 0,
): LiveEntryState {
  const r: Rules = { ...defaultRules, ...rules };
  const hasLife = r.lives > 0 && livesLeft > 0;
  const over = (survived: boolean): LiveEntryState => (survived ? 'safe' : hasLife ? 'life-lost' : 'out');
  if (round.isVoid) return 'safe';
  if (team === null) return r.missedPick === 'eliminate' ? over(false) : 'waiting';
  const fixture = round.countedFixture.get(team);
  // Not playing in the round, or its match rescheduled out of it: postponed for this round.
  if (fixture === undefined || fixture === null) return over(survivesOutcome('postponed', r));
  if (fixture.result !== null) return over(survivesOutcome(outcomeOf(fixture.result, fixture, team), r));
  if (fixture.status === 'postponed' || fixture.status === 'abandoned')
    return over(survivesOutcome('postponed', r));
  const score = liveScore(fixture.id);
  if (score === null) return 'waiting';
  if (survivesOutcome(outcomeOf(score, fixture, team), r)) return 'through';
  return hasLife ? 'life-if' : 'out-if';
}

export function liveCounts(states: Iterable<LiveEntryState>): LiveCounts {
  const n = { through: 0, 'out-if': 0, 'life-if': 0, safe: 0, 'life-lost': 0, out: 0, waiting: 0 };
  for (const s of states) n[s]++;
  return {
    stillIn: n.through + n['life-if'] + n.safe + n['life-lost'] + n.waiting,
    inDanger: n['out-if'],
    out: n.out,
    safe: n.safe,
    waiting: n.waiting,
  };
}

/** Every entry's state in the round as the scores stand, with the counts a screen shows. */
export function liveRound(
  round: RoundAnalysis,
  entries: readonly LiveEntryInput[],
  liveScores: ReadonlyMap<string, Score>,
  rules: Partial<Rules> = {},
): LiveRound {
  const lookup = (id: string) => liveScores.get(id) ?? null;
  const states = entries.map((e) => ({
    id: e.id,
    state: liveEntryState(round, e.team, lookup, rules, e.livesLeft ?? 0),
  }));
  return { round: round.round, entries: states, counts: liveCounts(states.map((s) => s.state)) };
}

/** Whether a pick of `team` survives if its match ends at `score`, under the rules: what a match alert compares. */
export function scoreSurvives(
  fixture: { readonly home: TeamId; readonly away: TeamId },
  score: Score,
  team: TeamId,
  rules: Partial<Rules> = {},
): boolean {
  return survivesOutcome(outcomeOf(score, fixture as Fixture, team), { ...defaultRules, ...rules });
}
