import { randomInt } from 'node:crypto';
import type { Club, ClubDetailsUpdate } from '@lastman/api';
import { APIError } from 'better-auth/api';
import type { Viewer } from '../../auth/guards.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import {
  type ClubRow,
  findClubById,
  findClubByJoinCode,
  findClubBySlug,
  insertClub,
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

/** An admin sets the club's details (issue 12): address, opening hours, phone, contact email. */
export async function updateClubDetails(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  input: ClubDetailsUpdate,
): Promise<Club> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row =
    Object.keys(changes).length === 0
      ? await findClubById(services.db, viewer.clubId)
      : await updateClub(services.db, { clubId: viewer.clubId, values: changes });
  if (!row) throw new AppError('NOT_FOUND', 'The club was not found.');
  return toClub(row);
}

const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newJoinCode(): string {
  return Array.from({ length: 8 }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join('');
}

/** The club a new account joins: the link's club, else the join code's, else the deployment's default. */
export async function resolveSignUpClub(
  db: DbOrTx,
  opts: { slug?: string | undefined; joinCode?: string | undefined; defaultSlug: string },
): Promise<ClubRow> {
  if (opts.joinCode) {
    const club = await findClubByJoinCode(db, opts.joinCode.trim());
    if (!club)
      throw new APIError('BAD_REQUEST', {
        code: 'UNKNOWN_CLUB',
        message: 'That join code does not match any club.',
      });
    return club;
  }
  if (opts.slug) {
    const club = await findClubBySlug(db, opts.slug);
    if (!club)
      throw new APIError('BAD_REQUEST', {
        code: 'UNKNOWN_CLUB',
        message: 'The club of that link does not exist.',
      });
    return club;
  }
  const club = await findClubBySlug(db, opts.defaultSlug);
  if (!club) throw new Error(`The default club "${opts.defaultSlug}" is missing; it is created at start.`);
  return club;
}

/** The club a visitor or member sees: the requested slug, else their own club, else the default. */
export async function clubForViewer(
  db: DbOrTx,
  opts: { slug?: string | undefined; userClubId?: string | undefined; defaultSlug: string },
): Promise<Club> {
  const row = opts.slug
    ? await findClubBySlug(db, opts.slug)
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
