// The game feature as other features see it: they import from here, never its other files.

export { GameAdmin } from './admin/game-admin.tsx';
export {
  competitionQuery,
  gameKeys,
  useClubCompetitions,
  useCompetition,
  useCompetitions,
  useRoundFixtures,
  useRoundPicks,
  useRuleDescriptions,
  useSeasonRound,
  useSeasons,
} from './api/game-api.ts';
export {
  CompetitionStatusPill,
  EntryStatusPill,
  outcomeClass,
  outcomeLabel,
} from './components/status-pill.tsx';
export { VisitorCompetitions } from './components/visitor-competitions.tsx';
