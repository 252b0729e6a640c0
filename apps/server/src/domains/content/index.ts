// The content domain as other domains see it: they import from here, never its other files.

// The club's rows of events, gallery and menu, for the admin's export of the club.
export { contentRowsOfClub } from './club-rows.ts';
export * from './events/index.ts';
export * from './gallery/index.ts';
