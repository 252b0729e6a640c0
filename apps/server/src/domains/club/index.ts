// The clubs feature as other features see it: they import from here, never its other files.

// The person's own records, for their data export and account deletion (account/profile).
// The domain's plugin: app.ts registers it.
export { clubDomain } from './plugin.ts';
// Tenants: memberships, as the me and members features use them.
// Clubs' names and the open clubs, for receipts, orders and the deployment's alerts.
export { clubNamesOf, findClubName, insertMembership } from './queries.ts';
export { clubForViewer, publicClubOf, publicClubs, refuseLastAdmin, resolveSignUpClub } from './service.ts';
