export {
  GameInputError,
  type InputErrorCode,
  inputErrorCodes,
  type PickRejection,
  pickRejections,
} from './errors.ts';
export {
  type LiveCounts,
  type LiveEntryInput,
  type LiveEntryState,
  type LiveRound,
  liveCounts,
  liveEntryState,
  liveEntryStates,
  liveRound,
  scoreSurvives,
} from './live.ts';
export { parseOpenfootballSeason, TBC_KICKOFF_TIME } from './openfootball.ts';
export { autoPickTeam, type PickCheck, type PickVerdict, usedTeams, validatePick } from './picks.ts';
export { type Payouts, type PrizeModel, poolPotPence, potPence, splitPot } from './pot.ts';
export { mulberry32 } from './random.ts';
export { parseReplayInput, type ReplayInput, type ReplayOutput, replay, runReplay } from './replay.ts';
export {
  analyseRound,
  analyseRounds,
  type RoundAnalysis,
  type RoundFixture,
  type RoundSettleState,
  roundDeadline,
  roundOutcomes,
  roundSettleState,
  type TeamOutcome,
  teamOutcome,
} from './rounds.ts';
export {
  type BuyBack,
  type ChoiceRules,
  DEFAULT_DEADLINE_MINUTES,
  defaultRules,
  MAX_ENTRY_FEE_PENCE,
  MAX_LIVES,
  RESCHEDULE_WINDOW_DAYS,
  type Rules,
  ruleValues,
  SETTLE_GRACE_MS,
} from './rules.ts';
export {
  type CompetitionInput,
  type CompetitionResult,
  type CompetitionState,
  type CompiledCompetition,
  competitionResult,
  compileCompetition,
  type EntryPicks,
  type EntryRound,
  entryHistory,
  initialState,
  NO_PICK,
  type RoundResult,
  settleCompetition,
  settleFrom,
  settleNextRound,
} from './settlement.ts';
export { compareStrings } from './strings.ts';
export type { Fixture, FixtureStatus, Score, Season, TeamId } from './types.ts';
export { dayNumber, daysBetween, londonOffsetMinutes, ukLocalToUtc, utcToUkLocal } from './uk-time.ts';
