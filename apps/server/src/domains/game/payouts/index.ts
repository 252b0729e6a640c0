// The payouts feature as other features see it: they import from here, never its other files.
export { flagIfWinnersChanged, winnersBefore } from './service.ts';
