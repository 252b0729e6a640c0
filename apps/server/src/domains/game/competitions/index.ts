// The competitions feature as other features see it: they import from here, never its other files.

export type { CompetitionRow } from './queries.ts';
export { clubsOnSeason, competitionsOnSeason, correctionOuts, findCompetition } from './queries.ts';
export { potOf, publicCompetitions, visibleCompetition } from './views.ts';
