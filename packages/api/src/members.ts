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

// Tenants: search, invitations.
export const MemberQuery = z.object({ search: z.string().max(100).optional() });
export const InvitationCreate = z.object({ role: Role }).strict();
export const InvitationCreated = z
  .object({ url: z.string(), role: Role, expiresAt: z.string() })
  .meta({ id: 'InvitationCreated' });
export type InvitationCreated = z.infer<typeof InvitationCreated>;
export const InvitationTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not an invitation'),
});
/** What an invitation link offers, shown before it is accepted: whose club, which role, still open? */
export const InvitationView = z
  .object({
    club: z.object({
      name: z.string(),
      slug: z.string(),
      primaryColor: z.string(),
      secondaryColor: z.string(),
      logoUrl: z.string().nullable(),
    }),
    role: Role,
    expiresAt: z.string(),
    state: z.enum(['open', 'used', 'expired']),
  })
  .meta({ id: 'InvitationView' });
export type InvitationView = z.infer<typeof InvitationView>;
