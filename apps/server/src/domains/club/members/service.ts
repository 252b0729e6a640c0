import type { InvitationCreate, InvitationCreated, Member, Role } from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { createInvitation } from '../invitations.ts';
import { listClubMembers } from '../queries.ts';
import { changeMemberRole, removeMember } from '../service.ts';

type MemberServices = Pick<Services, 'db'>;

export async function membersOf(
  services: MemberServices,
  viewer: Viewer,
  { search }: { search?: string | undefined } = {},
): Promise<Member[]> {
  const rows = await listClubMembers(services.db, { clubId: viewer.clubId, search });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function changeRole(
  services: MemberServices,
  viewer: Viewer,
  { userId, role }: { userId: string; role: Role },
): Promise<Member> {
  await changeMemberRole(services, viewer, { userId, role });
  const updated = (await membersOf(services, viewer)).find((m) => m.id === userId);
  if (!updated) throw notFound('That member');
  return updated;
}

export async function removeFromClub(
  services: MemberServices,
  viewer: Viewer,
  { userId }: { userId: string },
) {
  await removeMember(services, viewer, { userId });
}

export async function invite(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'mailer' | 'sms'>,
  viewer: Viewer,
  input: InvitationCreate,
): Promise<InvitationCreated> {
  return createInvitation(services, viewer, input);
}
