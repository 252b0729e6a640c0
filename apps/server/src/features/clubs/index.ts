// The clubs feature as other features see it: they import from here, never its other files.

// Tenants: memberships, as the me and members features use them.
export { listClubMembers } from './queries.ts';
export {
  changeMemberRole,
  clubForViewer,
  createInvitation,
  membershipsOf,
  refuseLastAdmin,
  removeMember,
  toClub,
} from './service.ts';
