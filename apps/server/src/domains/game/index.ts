// The game domain as other domains see it: they import from here, never its other files.

// The club's rows of the game, for the admin's export of the club.
export { gameRowsOfClub } from './club-rows.ts';
export * from './competitions/index.ts';
export * from './entries/index.ts';
export * from './fixtures/index.ts';
export * from './payouts/index.ts';
export * from './picks/index.ts';
export * from './settlement/index.ts';
