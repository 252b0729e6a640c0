// The clubs feature as other features see it: they import from here, never its other files.

// The person's own records, for their data export and account deletion (account/profile).
export {
  createInvitation,
  invitationRecipient,
  invitationSentTo,
  pendingInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts';
// The domain's plugin: app.ts registers it.
export { clubDomain } from './plugin.ts';
// Tenants: memberships, as the me and members features use them.
// Clubs' names and the open clubs, for receipts, orders and the deployment's alerts.
export {
  clubNamesOf,
  findClubName,
  insertMembership,
  listClubMembers,
} from './queries.ts';
export {
  changeMemberRole,
  clubForViewer,
  publicClubOf,
  publicClubs,
  refuseLastAdmin,
  removeMember,
  resolveSignUpClub,
  toClub,
} from './service.ts';
