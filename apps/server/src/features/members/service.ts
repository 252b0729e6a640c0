import type { Member, Role } from '@lastman/api';
import type { Viewer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { countAdmins, findMember, listMembers, setMemberRole } from './queries.ts';

export async function membersOf(db: Db, viewer: Viewer): Promise<Member[]> {
  const rows = await listMembers(db, viewer.clubId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function changeRole(db: Db, viewer: Viewer, userId: string, role: Role): Promise<Member> {
  await db.transaction(async (tx) => {
    const member = await findMember(tx, viewer.clubId, userId);
    if (!member) throw notFound('That member');
    if (member.role === 'admin' && role !== 'admin' && (await countAdmins(tx, viewer.clubId)) <= 1) {
      throw new AppError('CONFLICT', 'A club needs at least one admin. Make someone else admin first.');
    }
    await setMemberRole(tx, viewer.clubId, userId, role);
  });
  const updated = (await membersOf(db, viewer)).find((m) => m.id === userId);
  if (!updated) throw notFound('That member');
  return updated;
}
