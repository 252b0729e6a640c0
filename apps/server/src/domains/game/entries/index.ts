// Who is in a competition, knock-outs and cash entries: an admin's part of the game. Nothing imports it but app.ts.
export { entriesAdminRoutes } from './routes.ts';
