// The notifications domain's read model: the tables it lets other domains read in their own SQL, because
// a lookup function would split one query in several (the first screen's GET /api/me counts the
// person's unread notifications by club in the statement that reads the person and their clubs).
// Only this domain writes them. Apart from index.ts, the one file other domains may import: it
// re-exports table definitions only, so importing it never makes a cycle between domains.
export { notifications } from './schema.ts';
