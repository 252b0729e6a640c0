// The settlement feature as other features see it: they import from here, never its other files.
export { applyRemovals, firstUnsettledRound } from './round-records.ts';
export { advanceCompetition, compileRounds, firstLockingRound, unsettleFrom } from './settle.ts';
