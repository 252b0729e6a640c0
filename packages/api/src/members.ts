import { z } from 'zod';
import { Id, Role } from './common.ts';

export const Member = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: Role,
    emailVerified: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;

export const MemberList = z.object({ members: z.array(Member) });
export const MemberRoleUpdate = z.object({ role: Role }).strict();
export const UserIdParams = z.object({ userId: Id });
