import { randomBytes } from 'node:crypto';
import {
  INVITATION_DAYS,
  type InvitationChannel,
  type InvitationCreate,
  type InvitationCreated,
  type PendingInvitation,
  type PendingInvitationList,
  type Role,
} from '@lastman/api';
import { londonDayWords, londonWhenWords } from '@lastman/api/format';
import type { DbOrTx } from '../../db/client.ts';
import type { Viewer } from '../../http/guards.ts';
import { AppError } from '../../lib/errors.ts';
import type { Email } from '../../lib/mailer.ts';
import { toE164 } from '../../lib/phone.ts';
import { SMS_OPENING, type Sms, smsClubName } from '../../lib/sms.ts';
import type { Services } from '../../services.ts';
import {
  findClubById,
  findInvitationListed,
  hasConfirmedAdmin,
  insertInvitation,
  listPendingInvitations,
  lockInvitationById,
  updateInvitation,
} from './queries.ts';
import { tokenHashOf } from './service.ts';

type InvitationServices = Pick<Services, 'db' | 'clock' | 'config' | 'mailer' | 'sms'>;

const roleWords: Record<Role, string> = { player: 'a player', staff: 'a member of staff', admin: 'an admin' };

/** Where an invitation goes: nowhere (a link to share), an email address (lower case), or a number (E.164). */
export function invitationRecipient(
  input: Pick<InvitationCreate, 'email' | 'phoneNumber'>,
  country: string,
): { channel: InvitationChannel; sentTo: string | null } {
  if (input.email) return { channel: 'email', sentTo: input.email.toLowerCase() };
  if (input.phoneNumber) {
    const number = toE164(input.phoneNumber, country);
    if (!number) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Invalid input. phoneNumber: that is not a phone number we can text, such as 07700 900123 or +44 7700 900123',
      );
    }
    return { channel: 'sms', sentTo: number };
  }
  return { channel: 'link', sentTo: null };
}

const invitationNotFound = () => new AppError('NOT_FOUND', 'That invitation was not found.');

/**
 * Texts cost the deployment money and land on strangers' phones: a club sends invitations by text
 * only once one of its admins has confirmed their email address or number (a club started a minute
 * ago by a throwaway account sends none), and each text is within the budgets (lib/sms.ts).
 */
async function mayText(services: InvitationServices, viewer: Viewer, to: string) {
  if (!(await hasConfirmedAdmin(services.db, { clubId: viewer.clubId }))) {
    throw new AppError(
      'FORBIDDEN',
      'Invitations by text need an admin of the club with a confirmed email address or phone number: confirm yours (the link in the email we sent you, or your number in your profile), or invite by email or a link to share.',
    );
  }
  const refusal = await services.sms.admit({ clubId: viewer.clubId, accountId: viewer.userId, to });
  if (refusal) {
    throw new AppError(
      refusal.reason === 'country' ? 'VALIDATION_FAILED' : 'TOO_MANY_REQUESTS',
      refusal.message,
    );
  }
}

/**
 * A single-use link that makes whoever opens it (signed in) a member with the role, for
 * INVITATION_DAYS: given back to share by hand, or sent by email or text message once it is kept.
 */
export async function createInvitation(
  services: InvitationServices,
  viewer: Viewer,
  input: InvitationCreate,
): Promise<InvitationCreated> {
  const { channel, sentTo } = invitationRecipient(input, services.config.PHONE_DEFAULT_COUNTRY);
  if (channel === 'sms' && sentTo) await mayText(services, viewer, sentTo);
  const { created, outgoing } = await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    const token = newToken();
    const expiresAt = expiryFrom(now);
    const id = await insertInvitation(tx, {
      clubId: viewer.clubId,
      tokenHash: tokenHashOf(token),
      role: input.role,
      createdBy: viewer.userId,
      expiresAt,
      channel,
      sentTo,
      sentAt: now,
    });
    return sealed(tx, services, viewer, { id, token, role: input.role, channel, sentTo, expiresAt });
  });
  deliver(services, outgoing);
  return created;
}

/** The club's invitations still waiting to be accepted (not accepted, withdrawn or expired). */
export async function pendingInvitations(
  services: Pick<Services, 'db' | 'clock'>,
  viewer: Viewer,
): Promise<PendingInvitationList> {
  const rows = await listPendingInvitations(services.db, {
    clubId: viewer.clubId,
    now: services.clock.now(),
  });
  return { invitations: rows.map(toPending) };
}

/**
 * Sends the invitation again with a new link (only the link's hash is kept, so the old one is
 * replaced and stops working) and another INVITATION_DAYS from now.
 */
export async function resendInvitation(
  services: InvitationServices,
  viewer: Viewer,
  { id }: { id: string },
): Promise<InvitationCreated> {
  const listed = await findInvitationListed(services.db, { clubId: viewer.clubId, id });
  if (listed?.channel === 'sms' && listed.sentTo) {
    await mayText(services, viewer, listed.sentTo);
  }
  const { created, outgoing } = await services.db.transaction(async (tx) => {
    const row = await lockInvitationById(tx, { clubId: viewer.clubId, id });
    if (!row) throw invitationNotFound();
    if (row.usedAt) throw new AppError('CONFLICT', 'This invitation has been accepted already.');
    if (row.revokedAt) {
      throw new AppError('CONFLICT', 'This invitation was withdrawn. Send a new one instead.');
    }
    if (row.channel === 'link' || !row.sentTo) {
      throw new AppError(
        'CONFLICT',
        'This invitation is a link to share, not sent by the app: make a new link to share instead.',
      );
    }
    const now = services.clock.now();
    const token = newToken();
    const expiresAt = expiryFrom(now);
    await updateInvitation(tx, {
      clubId: viewer.clubId,
      id,
      values: { tokenHash: tokenHashOf(token), expiresAt, sentAt: now },
    });
    return sealed(tx, services, viewer, {
      id,
      token,
      role: row.role,
      channel: row.channel,
      sentTo: row.sentTo,
      expiresAt,
    });
  });
  deliver(services, outgoing);
  return created;
}

/** Withdraws the invitation: its link says so and no longer works. Withdrawing twice changes nothing. */
export async function revokeInvitation(
  services: Pick<Services, 'db' | 'clock'>,
  viewer: Viewer,
  { id }: { id: string },
) {
  await services.db.transaction(async (tx) => {
    const row = await lockInvitationById(tx, { clubId: viewer.clubId, id });
    if (!row) throw invitationNotFound();
    if (row.usedAt) {
      throw new AppError(
        'CONFLICT',
        'This invitation has been accepted already: change or remove the member in the members list instead.',
      );
    }
    if (row.revokedAt) return;
    await updateInvitation(tx, {
      clubId: viewer.clubId,
      id,
      values: { revokedAt: services.clock.now(), revokedBy: viewer.userId },
    });
  });
}

/** Whom an invitation was sent to, for the limits on sending (null: none of the club's). */
export async function invitationSentTo(
  db: DbOrTx,
  { clubId, id }: { clubId: string; id: string },
): Promise<string | null> {
  return (await findInvitationListed(db, { clubId, id }))?.sentTo ?? null;
}

const newToken = () => randomBytes(24).toString('base64url');
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

type Outgoing = { email: Email } | { sms: Sms } | null;

/** The answer and the message to send, read inside the transaction that kept the invitation. */
async function sealed(
  tx: DbOrTx,
  services: Pick<Services, 'config'>,
  viewer: Viewer,
  v: {
    id: string;
    token: string;
    role: Role;
    channel: InvitationChannel;
    sentTo: string | null;
    expiresAt: Date;
  },
): Promise<{ created: InvitationCreated; outgoing: Outgoing }> {
  const url = `${services.config.PUBLIC_URL}/invite/${v.token}`;
  const listed = await findInvitationListed(tx, { clubId: viewer.clubId, id: v.id });
  const club = await findClubById(tx, viewer.clubId);
  if (!listed || !club) throw new Error('the invitation just kept is missing');
  const created = { url, role: v.role, expiresAt: v.expiresAt.toISOString(), invitation: toPending(listed) };
  if (v.channel === 'email' && v.sentTo) {
    return {
      created,
      outgoing: {
        email: {
          to: v.sentTo,
          subject: `${club.name} invites you to join as ${roleWords[v.role]}`,
          text: [
            'Hello,',
            '',
            `${viewer.name} invites you to join ${club.name} on Lastman as ${roleWords[v.role]}.`,
            '',
            'Open this link to accept it (you sign in, or make an account, on the way):',
            url,
            '',
            `The link works once, until ${londonWhenWords(v.expiresAt)}. If you were not expecting it, ignore this email.`,
            '',
          ].join('\n'),
          secrets: [url],
          ...(club.contactEmail && { headers: { 'Reply-To': club.contactEmail } }),
        },
      },
    };
  }
  if (v.channel === 'sms' && v.sentTo) {
    return {
      created,
      outgoing: {
        sms: {
          clubId: viewer.clubId,
          to: v.sentTo,
          text: `${SMS_OPENING}you are invited to join ${smsClubName(club.name)} as ${roleWords[v.role]}. Open this link to accept (it works once, until ${londonDayWords(v.expiresAt)}): ${url}`,
          secrets: [url],
        },
      },
    };
  }
  return { created, outgoing: null };
}

/** Sent once the invitation is kept, outside its transaction (as every email and SMS is). */
function deliver(services: Pick<Services, 'mailer' | 'sms'>, outgoing: Outgoing) {
  if (!outgoing) return;
  if ('email' in outgoing) services.mailer.sendLater(outgoing.email);
  else services.sms.sendLater(outgoing.sms);
}

function toPending(r: NonNullable<Awaited<ReturnType<typeof findInvitationListed>>>): PendingInvitation {
  return {
    id: r.id,
    role: r.role,
    channel: r.channel,
    sentTo: r.sentTo,
    sentAt: r.sentAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    createdByName: r.createdByName,
  };
}
