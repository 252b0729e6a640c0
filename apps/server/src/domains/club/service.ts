import { createHash, randomInt } from 'node:crypto';
import {
  type Club,
  type ClubCreate,
  type ClubCreated,
  type ClubJoin,
  type ClubSettings,
  type ClubSettingsUpdate,
  type ClubSetup,
  type InvitationView,
  type Membership,
  type Role,
  readableClubColor,
} from '@lastman/api';
import { APIError } from 'better-auth/api';
import { setActingClub, settleActingClubs } from '../../db/acting-club.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Person, Viewer } from '../../http/guards.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { reencodeImage } from '../../lib/images.ts';
import type { Services } from '../../services.ts';
import {
  type ClubRow,
  clubSetupFacts,
  countLiveCompetitions,
  deleteLogo,
  deleteMembership,
  findClubById,
  findClubByJoinCode,
  findClubBySlug,
  findClubNamed,
  findFounder,
  findInvitation,
  findLogo,
  findMembershipRow,
  insertClub,
  insertMembership,
  listMemberIds,
  listMembershipsOf,
  listOpenClubs,
  lockAdmins,
  lockInvitation,
  markInvitationUsed,
  saveLogo,
  setMembershipRole,
  updateClub,
} from './queries.ts';

export function toClub(row: ClubRow): Club {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    logoUrl: row.logoUrl,
    address: row.address,
    openingHours: row.openingHours,
    phone: row.phone,
    contactEmail: row.contactEmail,
  };
}

const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newJoinCode(): string {
  return Array.from({ length: 8 }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join('');
}

/**
 * The club a new account joins: the join code's, else the link's (when the club lets its link
 * alone do), else the deployment's default (likewise); null when the newcomer asked for no club
 * (they are about to start their own).
 */
export async function resolveSignUpClub(
  db: DbOrTx,
  opts: { slug?: string | undefined; joinCode?: string | undefined; defaultSlug: string; noClub?: boolean },
): Promise<ClubRow | null> {
  if (opts.joinCode) {
    const club = await findClubByJoinCode(db, opts.joinCode.trim());
    if (!club || club.closedAt)
      throw new APIError('BAD_REQUEST', {
        code: 'UNKNOWN_CLUB',
        message:
          'That join code does not match any club: it may have been changed. Ask the club for the new one.',
      });
    return club;
  }
  if (opts.noClub) return null;
  const club = opts.slug ? await findClubBySlug(db, opts.slug) : await findClubBySlug(db, opts.defaultSlug);
  if (!club && !opts.slug) {
    throw new Error(`The default club "${opts.defaultSlug}" is missing; it is created at start.`);
  }
  if (!club || club.closedAt)
    throw new APIError('BAD_REQUEST', {
      code: 'UNKNOWN_CLUB',
      message: 'The club of that link does not exist.',
    });
  if (club.joinPolicy === 'code')
    throw new APIError('BAD_REQUEST', {
      code: 'UNKNOWN_CLUB',
      message: `${club.name} asks for its join code to join: use the link or QR code the club gives out, or type the code.`,
    });
  return club;
}

/** The club a visitor or member sees: the requested slug, else their own club, else the default. */
export async function clubForViewer(
  db: DbOrTx,
  opts: { slug?: string | undefined; userClubId?: string | undefined; defaultSlug: string },
): Promise<Club> {
  const bySlug = opts.slug ? await findClubBySlug(db, opts.slug) : undefined;
  const row = opts.slug
    ? bySlug && !bySlug.closedAt
      ? bySlug
      : undefined
    : opts.userClubId
      ? await findClubById(db, opts.userClubId)
      : await findClubBySlug(db, opts.defaultSlug);
  if (!row)
    throw new AppError(
      'NOT_FOUND',
      opts.slug ? `There is no club "${opts.slug}".` : 'The club was not found.',
    );
  return toClub(row);
}

/** An open club by its slug as anyone may see it, with its logo's bytes; null for an unknown or closed one. */
export async function publicClubOf(
  db: DbOrTx,
  { slug }: { slug: string },
): Promise<{ club: Club; logo: { contentType: string; bytes: Buffer } | null } | null> {
  const row = await findClubBySlug(db, slug);
  if (!row || row.closedAt) return null;
  const logo = row.logoUrl ? await findLogo(db, { clubId: row.id }) : undefined;
  return {
    club: toClub(row),
    logo: logo ? { contentType: logo.contentType, bytes: Buffer.from(logo.bytes) } : null,
  };
}

/** Every open club as anyone may see it (the sitemap). */
export async function publicClubs(db: DbOrTx): Promise<Club[]> {
  return (await listOpenClubs(db)).map(toClub);
}

/** Every deployment has its default club, so a first visitor can sign up at once. */
export async function ensureClub(db: DbOrTx, slug: string, name?: string): Promise<ClubRow> {
  const existing = await findClubBySlug(db, slug);
  if (existing) return existing;
  const title =
    name ??
    slug
      .split('-')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ');
  return insertClub(db, { slug, name: title, joinCode: newJoinCode() });
}

// Tenants: a club signs up; joining, switching and leaving; its settings, logo and invitations.

type ClubServices = Pick<Services, 'db' | 'clock' | 'config'>;

/** The link that joins the club: with the code when the club asks for it (the poster's QR code). */
export function joinUrl(publicUrl: string, club: ClubRow): string {
  const link = `${publicUrl}/c/${encodeURIComponent(club.slug)}`;
  return club.joinPolicy === 'code' ? `${link}?code=${encodeURIComponent(club.joinCode)}` : link;
}

export function toClubSettings(publicUrl: string, row: ClubRow): ClubSettings {
  return {
    ...toClub(row),
    joinCode: row.joinCode,
    joinPolicy: row.joinPolicy,
    address: row.address,
    joinUrl: joinUrl(publicUrl, row),
  };
}

/** A new club, its first admin the caller, who acts in it from now on. */
export async function createClub(
  services: ClubServices,
  person: Person,
  input: ClubCreate,
): Promise<ClubCreated> {
  const club = await services.db.transaction(async (tx) => {
    if (await findClubBySlug(tx, input.slug)) {
      throw new AppError('CONFLICT', `The web address /c/${input.slug} is taken: choose another.`);
    }
    await refuseAnotherClubsName(tx, { name: input.name });
    const row = await insertClub(tx, {
      slug: input.slug,
      name: input.name,
      address: input.address ?? null,
      joinCode: newJoinCode(),
    });
    await insertMembership(tx, { clubId: row.id, userId: person.userId, role: 'admin' });
    await setActingClub(tx, {
      userId: person.userId,
      sessionToken: person.sessionToken ?? null,
      clubId: row.id,
    });
    return row;
  });
  return { club: { id: club.id, slug: club.slug, name: club.name, joinCode: club.joinCode } };
}

/** Joins another club as a player (by its code, or its link where the club allows that) and acts in it. */
export async function joinClub(services: ClubServices, person: Person, input: ClubJoin): Promise<Membership> {
  if (!input.joinCode && !input.slug)
    throw new AppError('BAD_REQUEST', "Give the club's link or its join code.");
  return services.db.transaction(async (tx) => {
    const club = input.joinCode
      ? await findClubByJoinCode(tx, input.joinCode.trim())
      : await findClubBySlug(tx, input.slug ?? '');
    if (!club || club.closedAt) {
      throw new AppError(
        'NOT_FOUND',
        input.joinCode
          ? 'That join code does not match any club: ask the club for its current code.'
          : 'There is no such club.',
      );
    }
    const existing = await findMembershipRow(tx, { clubId: club.id, userId: person.userId });
    if (!existing) {
      if (!input.joinCode && club.joinPolicy === 'code') {
        throw new AppError(
          'FORBIDDEN',
          `${club.name} asks for its join code: use the club's QR code or type the code.`,
        );
      }
      await insertMembership(tx, { clubId: club.id, userId: person.userId, role: 'player' });
    }
    await setActingClub(tx, {
      userId: person.userId,
      sessionToken: person.sessionToken ?? null,
      clubId: club.id,
    });
    return { club: toClub(club), role: existing?.role ?? 'player' };
  });
}

/** The session acts in another of the person's clubs (the switcher), remembered for their next sign-in. */
export async function switchClub(services: ClubServices, person: Person, { clubId }: { clubId: string }) {
  await services.db.transaction(async (tx) => {
    const club = await findClubById(tx, clubId);
    const membership =
      club && !club.closedAt && (await findMembershipRow(tx, { clubId, userId: person.userId }));
    if (!membership) throw notFound('That club');
    await setActingClub(tx, { userId: person.userId, sessionToken: person.sessionToken ?? null, clubId });
  });
}

const LAST_ADMIN =
  'A club needs at least one admin: make someone else admin first (or close the club in its settings).';

/**
 * Refuses while the person is the last admin of a club they belong to: deleting their account
 * would leave that club with no one to run it. Locks each such club's admins, as leaving does.
 */
export async function refuseLastAdmin(db: DbOrTx, { userId }: { userId: string }) {
  for (const m of await listMembershipsOf(db, { userId })) {
    if (m.role !== 'admin') continue;
    const admins = await lockAdmins(db, { clubId: m.club.id });
    if (admins.length <= 1) {
      throw new AppError(
        'CONFLICT',
        `You are the last admin of ${m.club.name}: make someone else admin there first (or close the club in its settings), then delete your account.`,
      );
    }
  }
}

/** The person leaves a club; their account, and their entries and orders there, stay. */
export async function leaveClub(services: ClubServices, person: Person, { clubId }: { clubId: string }) {
  await services.db.transaction(async (tx) => {
    const membership = await findMembershipRow(tx, { clubId, userId: person.userId });
    if (!membership) throw notFound('That club');
    if (membership.role === 'admin') {
      const admins = await lockAdmins(tx, { clubId });
      if (admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
    }
    await deleteMembership(tx, { clubId, userId: person.userId });
    await settleActingClubs(tx, { userIds: [person.userId] });
  });
}

/** An admin changes a member's role; the last admin is never demoted. */
export async function changeMemberRole(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  { userId, role }: { userId: string; role: Role },
) {
  const { clubId } = viewer;
  await services.db.transaction(async (tx) => {
    const member = await findMembershipRow(tx, { clubId, userId });
    if (!member) throw notFound('That member');
    if (member.role === 'admin' && role !== 'admin') {
      await refuseTouchingTheFounder(tx, viewer, { userId, what: 'take away their admin role' });
      const admins = await lockAdmins(tx, { clubId });
      if (admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
    }
    await setMembershipRole(tx, { clubId, userId, role });
  });
}

/** An admin removes a member: the membership ends; the member's entries and orders stay. */
export async function removeMember(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  { userId }: { userId: string },
) {
  const { clubId } = viewer;
  await services.db.transaction(async (tx) => {
    const member = await findMembershipRow(tx, { clubId, userId });
    if (!member) throw notFound('That member');
    if (member.role === 'admin') {
      await refuseTouchingTheFounder(tx, viewer, { userId, what: 'remove them from the club' });
      const admins = await lockAdmins(tx, { clubId });
      if (admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
    }
    await deleteMembership(tx, { clubId, userId });
    await settleActingClubs(tx, { userIds: [userId] });
  });
}

/**
 * The person who started the club stays its admin until they step down themselves: a second admin
 * (a bar manager made admin, or an account taken over) cannot demote or remove them.
 */
async function refuseTouchingTheFounder(
  tx: DbOrTx,
  viewer: Viewer,
  { userId, what }: { userId: string; what: string },
): Promise<void> {
  if (userId === viewer.userId) return;
  const founder = await findFounder(tx, { clubId: viewer.clubId });
  if (founder?.userId === userId && founder.role === 'admin') {
    throw new AppError(
      'FORBIDDEN',
      `${founder.name} started this club: another admin cannot ${what}. Only they can step down.`,
    );
  }
}

/** A club may not take another club's name (case and spacing aside): players would take one for the other. */
async function refuseAnotherClubsName(
  tx: DbOrTx,
  { name, exceptClubId }: { name: string; exceptClubId?: string },
): Promise<void> {
  if (await findClubNamed(tx, { name, exceptClubId })) {
    throw new AppError(
      'CONFLICT',
      `Another club is already called ${name.trim()}: choose a name players can tell apart, such as one with your town in it.`,
    );
  }
}

async function ownClub(db: DbOrTx, viewer: Viewer): Promise<ClubRow> {
  const club = await findClubById(db, viewer.clubId);
  if (!club) throw notFound('The club');
  return club;
}

export async function clubSettings(services: ClubServices, viewer: Viewer): Promise<ClubSettings> {
  return toClubSettings(services.config.PUBLIC_URL, await ownClub(services.db, viewer));
}

/** The set-up checklist of the viewer's club: each step ticked from what the club has done. */
export async function clubSetup(services: Pick<ClubServices, 'db'>, viewer: Viewer): Promise<ClubSetup> {
  const facts = await clubSetupFacts(services.db, { clubId: viewer.clubId });
  if (!facts) throw notFound('The club');
  return facts;
}

export async function updateClubSettings(
  services: ClubServices,
  viewer: Viewer,
  input: ClubSettingsUpdate,
): Promise<ClubSettings> {
  const { logo, ...columns } = input;
  await services.db.transaction(async (tx) => {
    const values: Partial<ClubRow> = Object.fromEntries(
      Object.entries(columns).filter(([, v]) => v !== undefined),
    );
    // Too pale for white text: the same hue, darkened until it reads (WCAG AA); never refused.
    if (columns.name !== undefined)
      await refuseAnotherClubsName(tx, { name: columns.name, exceptClubId: viewer.clubId });
    if (columns.primaryColor) values.primaryColor = readableClubColor(columns.primaryColor);
    if (columns.secondaryColor) values.secondaryColor = readableClubColor(columns.secondaryColor);
    if (logo === null) {
      await deleteLogo(tx, { clubId: viewer.clubId });
      values.logoUrl = null;
    }
    if (Object.keys(values).length > 0) await updateClub(tx, { clubId: viewer.clubId, values });
  });
  return clubSettings(services, viewer);
}

/** A new join code: the old one (and every poster showing it) stops working at once. */
export async function renewJoinCode(services: ClubServices, viewer: Viewer): Promise<ClubSettings> {
  await updateClub(services.db, { clubId: viewer.clubId, values: { joinCode: newJoinCode() } });
  return clubSettings(services, viewer);
}

/** The side of the box a logo is stored within (its shape kept). */
export const LOGO_BOX = 512;

export function logoUrl(publicUrl: string, slug: string, updatedAt: Date): string {
  return `${publicUrl}/api/clubs/${encodeURIComponent(slug)}/logo?v=${updatedAt.getTime()}`;
}

export async function setLogo(services: ClubServices, viewer: Viewer, body: unknown): Promise<ClubSettings> {
  const bytes = await reencodeImage(body, { what: 'logo', box: LOGO_BOX });
  const updatedAt = services.clock.now();
  await services.db.transaction(async (tx) => {
    const club = await ownClub(tx, viewer);
    await saveLogo(tx, { clubId: club.id, contentType: 'image/webp', bytes, updatedAt });
    await updateClub(tx, {
      clubId: club.id,
      values: { logoUrl: logoUrl(services.config.PUBLIC_URL, club.slug, updatedAt) },
    });
  });
  return clubSettings(services, viewer);
}

export async function readLogo(services: Pick<Services, 'db'>, { slug }: { slug: string }) {
  const club = await findClubBySlug(services.db, slug);
  const logo = club && (await findLogo(services.db, { clubId: club.id }));
  if (!logo) throw new AppError('NOT_FOUND', 'This club has no logo.');
  return logo;
}

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const rank: Record<Role, number> = { player: 0, staff: 1, admin: 2 };

/** What an invitation link offers (whose club, which role, whether it is still open), for its page. */
export async function describeInvitation(
  services: ClubServices,
  { token }: { token: string },
): Promise<InvitationView> {
  const invitation = await findInvitation(services.db, { tokenHash: tokenHashOf(token) });
  if (!invitation)
    throw new AppError('NOT_FOUND', 'This invitation link is not valid. Ask the club for a new one.');
  const club = await findClubById(services.db, invitation.clubId);
  if (!club || club.closedAt) throw new AppError('NOT_FOUND', 'The club of this invitation has closed.');
  const { name, slug, primaryColor, secondaryColor, logoUrl } = toClub(club);
  const state = invitation.usedAt
    ? 'used'
    : invitation.revokedAt
      ? 'withdrawn'
      : invitation.expiresAt <= services.clock.now()
        ? 'expired'
        : 'open';
  return {
    club: { name, slug, primaryColor, secondaryColor, logoUrl },
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    state,
  };
}

/**
 * The invitation makes the person a member with its role (a member already keeps a higher role),
 * once, before it expires; they act in that club from now on.
 */
export async function acceptInvitation(
  services: ClubServices,
  person: Person,
  { token }: { token: string },
): Promise<Membership> {
  return services.db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, { tokenHash: tokenHashOf(token) });
    const now = services.clock.now();
    if (!invitation)
      throw new AppError('NOT_FOUND', 'This invitation link is not valid. Ask the club for a new one.');
    if (invitation.usedAt)
      throw new AppError('CONFLICT', 'This invitation has been used already. Ask the club for a new one.');
    if (invitation.revokedAt)
      throw new AppError('CONFLICT', 'The club has withdrawn this invitation. Ask the club for a new one.');
    if (invitation.expiresAt <= now)
      throw new AppError('CONFLICT', 'This invitation has expired. Ask the club for a new one.');
    const club = await findClubById(tx, invitation.clubId);
    if (!club || club.closedAt) throw new AppError('NOT_FOUND', 'The club of this invitation has closed.');
    const existing = await findMembershipRow(tx, { clubId: club.id, userId: person.userId });
    let role = invitation.role;
    if (!existing) await insertMembership(tx, { clubId: club.id, userId: person.userId, role });
    else if (rank[existing.role] < rank[role])
      await setMembershipRole(tx, { clubId: club.id, userId: person.userId, role });
    else role = existing.role;
    await markInvitationUsed(tx, { invitationId: invitation.id, userId: person.userId, at: now });
    await setActingClub(tx, {
      userId: person.userId,
      sessionToken: person.sessionToken ?? null,
      clubId: club.id,
    });
    return { club: toClub(club), role };
  });
}

/**
 * Closes the club: no one acts in it or joins it any more (its code is replaced); its members
 * keep their accounts and other clubs; its records (entries, orders, refunds) are kept. Refused
 * while a competition is still open or running.
 */
export async function closeClub(
  services: ClubServices,
  viewer: Viewer,
  { confirmSlug }: { confirmSlug: string },
) {
  await services.db.transaction(async (tx) => {
    const club = await ownClub(tx, viewer);
    if (confirmSlug !== club.slug) {
      throw new AppError(
        'BAD_REQUEST',
        `To close the club, type its web address name (${club.slug}) to confirm.`,
      );
    }
    if ((await countLiveCompetitions(tx, { clubId: club.id })) > 0) {
      throw new AppError('CONFLICT', "Cancel or finish the club's open competitions before closing it.");
    }
    await updateClub(tx, {
      clubId: club.id,
      values: { closedAt: services.clock.now(), joinCode: newJoinCode() },
    });
    await settleActingClubs(tx, { userIds: await listMemberIds(tx, { clubId: club.id }) });
  });
}
