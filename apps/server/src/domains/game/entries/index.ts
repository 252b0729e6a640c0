// Who is in a competition, knock-outs and cash entries: an admin's part of the game.

// The person's entries, for their data export (account/profile).
export { entriesOfUser } from './queries.ts';
