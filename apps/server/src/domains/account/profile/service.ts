import type { Me, PhotoType, ProfileUpdate } from '@lastman/api';
import type { Person } from '../../../http/guards.ts';
import type { KnownSession } from '../../../http/session-reader.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { refuseLastAdmin } from '../../club/index.ts';
import {
  clubIdsWithRecordsOf,
  deleteMailAndSignInTraces,
  deletePhoto,
  deleteSignInMeans,
  findCredentialHash,
  findMe,
  findMeBySession,
  findPhoto,
  findUser,
  listSessionsOf,
  type MeRow,
  savePhoto,
  updateUser,
} from './queries.ts';

/** The person's profile, the club the session acts in with their role there, and all their clubs. */
export async function getMe(services: Pick<Services, 'db'>, viewer: Person): Promise<Me> {
  const me = await findMe(services.db, { userId: viewer.userId });
  if (!me) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return meAnswer(me, viewer.clubId);
}

/**
 * getMe with the request's session checked in the same statement (GET /api/me at every app open):
 * undefined when the session does not pass (the caller then reads it as every route does).
 */
export async function getMeWithKnownSession(
  services: Pick<Services, 'db' | 'sessions'>,
  known: KnownSession,
): Promise<Me | undefined> {
  const me = await findMeBySession(services.db, {
    token: known.token,
    fresh: services.sessions.freshExpiry(),
  });
  return me && meAnswer(me, me.actingClubId);
}

function meAnswer({ clubs: memberships, unreadByClub, ...user }: MeRow, actingClubId: string | null): Me {
  // Each club's unread count, so the switcher shows what waits at the person's other clubs.
  const clubs = memberships.map((m) => ({ ...m, unreadNotifications: unreadByClub[m.club.id] ?? 0 }));
  const acting = clubs.find((m) => m.club.id === actingClubId);
  return {
    user,
    club: acting?.club ?? null,
    role: acting?.role ?? null,
    clubs,
    // The menu's and tab bar's badge, folded into the first screen's answer (no extra request).
    unreadNotifications: acting?.unreadNotifications ?? 0,
  };
}

export async function updateProfile(
  services: Pick<Services, 'db' | 'config'>,
  viewer: Person,
  input: ProfileUpdate,
): Promise<Me> {
  if (input.image && !isOwnPhotoUrl(services.config.PUBLIC_URL, viewer.userId, input.image)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A profile picture must be your own photo as uploaded (PUT /api/me/photo), or null to remove it.',
    );
  }
  // A changed number is no longer the confirmed one (features/phone-codes confirms it again).
  const current = input.phoneNumber !== undefined ? await getMe(services, viewer) : null;
  const numberChanged = current !== null && current.user.phoneNumber !== input.phoneNumber;
  const values = {
    ...(input.name !== undefined && { name: input.name }),
    ...(numberChanged && { phoneNumber: input.phoneNumber, phoneNumberVerified: false }),
    ...(input.image !== undefined && { image: input.image }),
  };
  if (Object.keys(values).length > 0) await updateUser(services.db, viewer.userId, values);
  return getMe(services, viewer);
}

/**
 * Everything we hold about the person (GDPR article 15/20), as one JSON document: the account's own
 * records, then what each domain holds of them at each of their clubs (lib/registries.ts).
 */
export async function exportData(services: Pick<Services, 'db' | 'clock' | 'registries'>, viewer: Person) {
  const { db } = services;
  const me = await getMe(services, viewer);
  // Every club the person has records at, including clubs they have left: the records are theirs.
  const clubIds = [
    ...new Set([...me.clubs.map((m) => m.club.id), ...(await clubIdsWithRecordsOf(db, viewer))]),
  ];
  const sessions = await listSessionsOf(db, viewer.userId);
  const lists: Record<string, Record<string, unknown>[]> = {};
  for (const clubId of clubIds) {
    for (const part of services.registries.personalExport.list()) {
      for (const [name, rows] of Object.entries(await part(db, { clubId, userId: viewer.userId }))) {
        lists[name] = [...(lists[name] ?? []), ...rows];
      }
    }
  }
  const list = (name: string) => lists[name] ?? [];
  return {
    exportedAt: services.clock.now().toISOString(),
    profile: me.user,
    club: me.club,
    role: me.role,
    clubs: me.clubs,
    sessions,
    contactMessages: list('contactMessages'),
    // Each order with the entries it paid for.
    orders: list('orders').map((order) => ({
      ...order,
      entries: list('entries').filter((e) => e.orderId === order.id),
    })),
    payments: list('payments'),
    refunds: list('refunds'),
    entries: list('entries'),
    picks: list('picks'),
    work: list('work'),
  };
}

/**
 * Removes the person (name, email, phone, date of birth, photo, sign-in means) but keeps the user row
 * as an anonymous id, because orders, payments and entries must be kept as financial records. The other
 * domains then remove or anonymise what they hold of the person (lib/registries.ts: the club its
 * memberships and the person's name on messages), in the same transaction.
 */
export async function deleteAccount(services: Services, viewer: Person, password: string): Promise<void> {
  const hash = await findCredentialHash(services.db, viewer.userId);
  const ctx = await services.auth.$context;
  if (!hash || !(await ctx.password.verify({ hash, password }))) {
    throw new AppError('FORBIDDEN', 'That password is not correct.');
  }
  await services.db.transaction(async (tx) => {
    await refuseLastAdmin(tx, { userId: viewer.userId });
    const current = await findUser(tx, { userId: viewer.userId });
    if (current) await deleteMailAndSignInTraces(tx, current.email);
    await updateUser(tx, viewer.userId, {
      name: 'Deleted user',
      email: `deleted-${viewer.userId}@anonymous.invalid`,
      emailVerified: false,
      image: null,
      phoneNumber: null,
      dateOfBirth: null,
      isAnonymous: true,
    });
    await deletePhoto(tx, viewer.userId);
    await deleteSignInMeans(tx, viewer.userId);
    for (const part of services.registries.accountDeletion.list()) await part(tx, { userId: viewer.userId });
  });
}

/** The shared limit, re-exported for the photo route's body parser. */
export { PHOTO_MAX_BYTES } from '@lastman/api';

/** The image type by the file's own signature, whatever the request claimed. */
export function photoTypeOf(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Where a user's photo is served; the version changes with each upload so it can be cached for good. */
export function photoUrl(publicUrl: string, userId: string, updatedAt: Date): string {
  return `${publicUrl}/api/users/${encodeURIComponent(userId)}/photo?v=${updatedAt.getTime()}`;
}

/** Whether a URL is where photoUrl serves this user's photo (any version). */
function isOwnPhotoUrl(publicUrl: string, userId: string, url: string): boolean {
  const own = new URL(photoUrl(publicUrl, userId, new Date(0)));
  const given = new URL(url);
  return given.origin === own.origin && given.pathname === own.pathname && given.hash === '';
}

/** The side of the square every profile photo is stored at: sharp on a phone's 3x screen. */
export const PHOTO_SIZE = 512;

/**
 * Checks the upload is a JPEG, PNG or WebP image, then stores it as a square WebP of PHOTO_SIZE
 * (turned upright by its EXIF orientation, cropped to the centre, metadata such as GPS dropped),
 * and points the profile at it.
 */
export async function setPhoto(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  viewer: Person,
  body: unknown,
): Promise<Me> {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      'Send the photo itself as the request body: a JPEG, PNG or WebP image.',
    );
  }
  if (!photoTypeOf(body)) throw new AppError('BAD_REQUEST', 'The photo must be a JPEG, PNG or WebP image.');
  // Loaded on the first upload, not at start-up: sharp brings in libvips (tens of milliseconds).
  const { default: sharp } = await import('sharp');
  const bytes = await sharp(body)
    .rotate()
    .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(() => {
      throw new AppError('BAD_REQUEST', 'This photo could not be read: the file seems damaged. Try another.');
    });
  const updatedAt = services.clock.now();
  await services.db.transaction(async (tx) => {
    await savePhoto(tx, { userId: viewer.userId, contentType: 'image/webp', bytes, updatedAt });
    await updateUser(tx, viewer.userId, {
      image: photoUrl(services.config.PUBLIC_URL, viewer.userId, updatedAt),
    });
  });
  return getMe(services, viewer);
}

export async function removePhoto(services: Pick<Services, 'db'>, viewer: Person): Promise<Me> {
  await services.db.transaction(async (tx) => {
    await deletePhoto(tx, viewer.userId);
    await updateUser(tx, viewer.userId, { image: null });
  });
  return getMe(services, viewer);
}

export async function readPhoto(services: Pick<Services, 'db'>, userId: string) {
  const photo = await findPhoto(services.db, userId);
  if (!photo) throw new AppError('NOT_FOUND', 'This user has no photo.');
  return photo;
}
