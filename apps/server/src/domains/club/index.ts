// The clubs feature as other features see it: they import from here, never its other files.

export {
  createInvitation,
  invitationRecipient,
  invitationSentTo,
  pendingInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts';
// The domain's plugin: app.ts registers it.
export { clubDomain, registerClubParts } from './plugin.ts';
// Tenants: memberships, as the me and members features use them.
export { insertMembership, listClubMembers } from './queries.ts';
export {
  changeMemberRole,
  clubForViewer,
  membershipsOf,
  refuseLastAdmin,
  removeMember,
  resolveSignUpClub,
  toClub,
} from './service.ts';
