// The settlement feature as other features see it: they import from here, never its other files.
export {
  advanceCompetition,
  applyRemovals,
  compileRounds,
  firstLockingRound,
  firstUnsettledRound,
  unsettleFrom,
} from './settle.ts';
