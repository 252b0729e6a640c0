import { DEFAULT_DEADLINE_MINUTES, RESCHEDULE_WINDOW_DAYS, SETTLE_GRACE_MS } from './rules.ts';
import { compareStrings } from './strings.ts';
import type { Fixture, TeamId, TeamOutcome } from './types.ts';
import { daysBetween } from './uk-time.ts';

export type { TeamOutcome };

export interface RoundFixture {
  readonly fixture: Fixture;
  /** Dated more than 3 days from the round's reference date. */
  readonly rescheduledOut: boolean;
}

export interface RoundAnalysis {
  readonly round: number;
  /** The lower median of the round's fixture dates. */
  readonly referenceDate: string;
  /** Every fixture with the round's label, by kick-off. */
  readonly fixtures: readonly RoundFixture[];
  /** Fewer than half of the fixtures lie within 3 days of the reference date. */
  readonly isVoid: boolean;
  /** At least one fixture with the round's label has a result. */
  readonly played: boolean;
  /** Teams with a fixture carrying the round's label (rescheduled or not), in plain string order. */
  readonly teams: readonly TeamId[];
  /**
   * For each team that plays in the round, its fixture that counts: the earliest by kick-off that was
   * not rescheduled out. null when all its fixtures were rescheduled out, or the round is void.
   */
  readonly countedFixture: ReadonlyMap<TeamId, Fixture | null>;
  /** Earliest kick-off among the counted fixtures (null in a void round). */
  readonly firstCountedKickoff: number | null;
  /** Latest kick-off among the counted fixtures (null in a void round). */
  readonly lastCountedKickoff: number | null;
}

/** Stable: fixtures with the same kick-off stay in the order given (the source file's). */
function byKickoff(a: Fixture, b: Fixture): number {
  return a.kickoff - b.kickoff;
}

export function analyseRound(round: number, fixtures: readonly Fixture[]): RoundAnalysis {
  if (fixtures.length === 0) throw new RangeError(`round ${round} has no fixtures`);
  const sorted = [...fixtures].sort(byKickoff);
  const dates = sorted.map((f) => f.date).sort(compareStrings);
  const referenceDate = dates[Math.floor((dates.length - 1) / 2)] as string;
  const roundFixtures = sorted.map((fixture) => ({
    fixture,
    rescheduledOut: Math.abs(daysBetween(referenceDate, fixture.date)) > RESCHEDULE_WINDOW_DAYS,
  }));
  const inWindow = roundFixtures.filter((rf) => !rf.rescheduledOut).length;
  const isVoid = inWindow * 2 < roundFixtures.length;

  const countedFixture = new Map<TeamId, Fixture | null>();
  for (const { fixture, rescheduledOut } of roundFixtures) {
    for (const team of [fixture.home, fixture.away]) {
      if (!countedFixture.has(team)) countedFixture.set(team, null);
      if (!isVoid && !rescheduledOut && countedFixture.get(team) === null) countedFixture.set(team, fixture);
    }
  }

  let firstCountedKickoff: number | null = null;
  let lastCountedKickoff: number | null = null;
  if (!isVoid) {
    const counted = roundFixtures.filter((rf) => !rf.rescheduledOut).map((rf) => rf.fixture);
    // A fixture already known to be postponed will not kick off at its placeholder time.
    const timed = counted.filter((f) => f.status !== 'postponed');
    const basis = timed.length > 0 ? timed : counted;
    firstCountedKickoff = Math.min(...basis.map((f) => f.kickoff));
    lastCountedKickoff = Math.max(...basis.map((f) => f.kickoff));
  }

  return {
    round,
    referenceDate,
    fixtures: roundFixtures,
    isVoid,
    played: sorted.some((f) => f.result !== null),
    teams: [...countedFixture.keys()].sort(compareStrings),
    countedFixture,
    firstCountedKickoff,
    lastCountedKickoff,
  };
}

/** Groups fixtures by round label and analyses each round, in label order. */
export function analyseRounds(fixtures: readonly Fixture[]): RoundAnalysis[] {
  const byRound = new Map<number, Fixture[]>();
  for (const fixture of fixtures) {
    const list = byRound.get(fixture.round);
    if (list) list.push(fixture);
    else byRound.set(fixture.round, [fixture]);
  }
  return [...byRound.entries()].sort(([a], [b]) => a - b).map(([round, list]) => analyseRound(round, list));
}

/** How a team's pick fares in the round; null when the team does not play in it. */
export function teamOutcome(analysis: RoundAnalysis, team: TeamId): TeamOutcome | null {
  const fixture = analysis.countedFixture.get(team);
  if (fixture === undefined) return null;
  if (fixture === null || fixture.result === null) return 'postponed';
  const { home, away } = fixture.result;
  if (home === away) return 'draw';
  return home > away === (fixture.home === team) ? 'win' : 'loss';
}

/** Picks for the round lock at this instant (epoch ms); null for a void round, which needs no pick. */
export function roundDeadline(
  analysis: RoundAnalysis,
  deadlineMinutes: number = DEFAULT_DEADLINE_MINUTES,
): number | null {
  return analysis.firstCountedKickoff === null
    ? null
    : analysis.firstCountedKickoff - deadlineMinutes * 60_000;
}

export type RoundSettleState =
  | { readonly ready: true; readonly reason: 'all-results' | 'grace-expired' }
  | { readonly ready: false; readonly reason: 'waiting'; readonly settlesBy: number };

/**
 * A round is settled once every fixture that counts for it has a result, or 48 hours after its last
 * counted kick-off (fixtures unfinished by then are postponed for it). A void round counts the
 * fixtures within its window the same way, so it is not passed over before its week is over.
 */
export function roundSettleState(analysis: RoundAnalysis, now: number): RoundSettleState {
  const counted = analysis.fixtures.filter((rf) => !rf.rescheduledOut).map((rf) => rf.fixture);
  if (counted.every((f) => f.result !== null)) return { ready: true, reason: 'all-results' };
  const timed = counted.filter((f) => f.status !== 'postponed');
  const last = Math.max(...(timed.length > 0 ? timed : counted).map((f) => f.kickoff));
  const settlesBy = last + SETTLE_GRACE_MS;
  return now >= settlesBy
    ? { ready: true, reason: 'grace-expired' }
    : { ready: false, reason: 'waiting', settlesBy };
}

/**
 * The outcome of every team that plays in the round, as it stands: the record a settlement stores so
 * that a later reschedule does not change a settled round.
 */
export function roundOutcomes(analysis: RoundAnalysis): Record<TeamId, TeamOutcome> {
  const outcomes: Record<TeamId, TeamOutcome> = {};
  for (const team of analysis.teams) outcomes[team] = teamOutcome(analysis, team) ?? 'postponed';
  return outcomes;
}
