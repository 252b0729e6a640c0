// The game domain's read model: the tables it lets other domains read in their own SQL, because a lookup
// function would split one query in several (the club and account exports, analytics, joins on the user
// or the club). Only this domain writes them. Apart from index.ts, the one file other domains may import:
// it re-exports table definitions only, so importing it never makes a cycle between domains.
export { fixtures, teams } from './football/schema.ts';
export { competitions, entries, picks } from './schema.ts';
// The club's set-up checklist asks in its one query whether a TV is paired.
export { clubScreens } from './screens/schema.ts';
