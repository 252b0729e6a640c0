import { type PickRejection, pickRejections } from './errors.ts';
import { type RoundAnalysis, roundDeadline } from './rounds.ts';
import { defaultRules, type Rules } from './rules.ts';
import type { TeamId } from './types.ts';

/**
 * The teams an entry may not pick again: those it used in the current reuse cycle. `earlierPicks` are
 * the teams it used (picked or auto-picked) in earlier non-void rounds, settled or not, in round order.
 */
export function usedTeams(
  rules: Partial<Rules>,
  seasonTeams: readonly TeamId[],
  earlierPicks: readonly TeamId[],
): Set<TeamId> {
  const cycles = (rules.reuse ?? defaultRules.reuse) === 'afterAllUsed';
  const used = new Set<TeamId>();
  for (const team of earlierPicks) {
    used.add(team);
    if (cycles && used.size === seasonTeams.length) used.clear();
  }
  return used;
}

export interface PickCheck {
  readonly rules: Partial<Rules>;
  readonly seasonTeams: readonly TeamId[];
  readonly round: RoundAnalysis;
  readonly entryActive: boolean;
  readonly earlierPicks: readonly TeamId[];
  /** With `now`, a pick after the round's deadline is refused. */
  readonly now?: number;
  readonly deadlineMinutes?: number;
}

export type PickVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: PickRejection };

export function validatePick(check: PickCheck, team: TeamId): PickVerdict {
  const refuse = (reason: PickRejection): PickVerdict => ({ ok: false, reason });
  if (!check.entryActive) return refuse(pickRejections.entryNotActive);
  if (check.round.isVoid) return refuse(pickRejections.roundVoid);
  if (check.now !== undefined) {
    const deadline = roundDeadline(check.round, check.deadlineMinutes);
    if (deadline !== null && check.now >= deadline) return refuse(pickRejections.deadlinePassed);
  }
  if (!check.seasonTeams.includes(team)) return refuse(pickRejections.unknownTeam);
  if (!check.round.countedFixture.has(team)) return refuse(pickRejections.teamNotPlaying);
  if (usedTeams(check.rules, check.seasonTeams, check.earlierPicks).has(team)) {
    return refuse(pickRejections.teamAlreadyUsed);
  }
  return { ok: true };
}

/** The team an auto-pick takes: the first in plain string order that the entry may use and that plays. */
export function autoPickTeam(
  rules: Partial<Rules>,
  seasonTeams: readonly TeamId[],
  round: RoundAnalysis,
  earlierPicks: readonly TeamId[],
): TeamId | null {
  const used = usedTeams(rules, seasonTeams, earlierPicks);
  return round.teams.find((team) => !used.has(team)) ?? null;
}
