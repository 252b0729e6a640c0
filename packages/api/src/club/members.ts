import { z } from 'zod';
import { Email, Id, PhoneNumber, Role } from '../common.ts';

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
/**
 * A link to share (role only), or the invitation sent by the server: by email (`email`) or by text
 * message (`phoneNumber`), one of them.
 */
export const InvitationCreate = z
  .object({
    role: Role,
    email: Email.optional().describe('Send the invitation to this address (not with phoneNumber)'),
    phoneNumber: PhoneNumber.optional().describe(
      'Text the invitation to this number (not with email): one with a possible length for its country, read as a number of PHONE_DEFAULT_COUNTRY when written without +',
    ),
  })
  .strict()
  .refine((v) => !(v.email && v.phoneNumber), {
    message: 'give an email address or a phone number, not both',
    path: ['phoneNumber'],
  });
export type InvitationCreate = z.infer<typeof InvitationCreate>;
export const InvitationChannel = z.enum(['link', 'email', 'sms']);
export type InvitationChannel = z.infer<typeof InvitationChannel>;
/** An invitation not yet accepted, withdrawn or expired, as the club's admins see it (never its link). */
export const PendingInvitation = z
  .object({
    id: z.string(),
    role: Role,
    channel: InvitationChannel,
    /** The email address or the number (E.164) it went to; null for a link to share. */
    sentTo: z.string().nullable(),
    sentAt: z.string(),
    expiresAt: z.string(),
    createdByName: z.string().nullable(),
  })
  .meta({ id: 'PendingInvitation' });
export type PendingInvitation = z.infer<typeof PendingInvitation>;
export const PendingInvitationList = z.object({ invitations: z.array(PendingInvitation) });
export type PendingInvitationList = z.infer<typeof PendingInvitationList>;
export const InvitationIdParams = z.object({ id: Id });
export const InvitationCreated = z
  .object({
    url: z.string(),
    role: Role,
    expiresAt: z.string(),
    invitation: PendingInvitation,
  })
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
    state: z.enum(['open', 'used', 'expired', 'withdrawn']),
  })
  .meta({ id: 'InvitationView' });
export type InvitationView = z.infer<typeof InvitationView>;
