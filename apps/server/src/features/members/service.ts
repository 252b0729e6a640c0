import type { Member, Role } from '@lastman/api';
import type { Viewer } from '../../auth/guards.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { countAdmins, listMembers, lockMember, setMemberRole } from './queries.ts';

type MemberServices = Pick<Services, 'db'>;

export async function membersOf(services: MemberServices, viewer: Viewer): Promise<Member[]> {
  const rows = await listMembers(services.db, { clubId: viewer.clubId });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function changeRole(
  services: MemberServices,
  viewer: Viewer,
  { userId, role }: { userId: string; role: Role },
): Promise<Member> {
  const { clubId } = viewer;
  await services.db.transaction(async (tx) => {
    const member = await lockMember(tx, { clubId, userId });
    if (!member) throw notFound('That member');
    if (member.role === 'admin' && role !== 'admin' && (await countAdmins(tx, { clubId })) <= 1) {
      throw new AppError('CONFLICT', 'A club needs at least one admin. Make someone else admin first.');
    }
    await setMemberRole(tx, { clubId, userId, role });
  });
  const updated = (await membersOf(services, viewer)).find((m) => m.id === userId);
  if (!updated) throw notFound('That member');
  return updated;
}
