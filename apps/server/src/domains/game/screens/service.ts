import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { ScreenClub, ScreenList, ScreenPaired, ScreenState, ScreenView } from '@lastman/api';
import { normaliseScreenCode, SCREEN_PAIRING } from '@lastman/api/game/rules';
import { MINUTE_MS } from '@lastman/api/time';
import type { DbOrTx } from '../../../db/client.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { clubForViewer } from '../../club/index.ts';
import { screenBoard } from './board.ts';
import {
  countPairedScreens,
  deleteStalePendingScreens,
  findScreenByDevice,
  insertScreen,
  listPairedScreens,
  pairScreen,
  revokeScreen,
  type ScreenRow,
  setDeviceToken,
  setScreenCode,
  touchScreen,
} from './queries.ts';

type ScreenServices = Pick<Services, 'db' | 'clock' | 'config'>;

/** A screen's last visit is written at most this often: a board refreshed every 10 s is not a write each time. */
const SEEN_EVERY_MS = MINUTE_MS;
/** Pending screens whose code ran out a day ago are forgotten (a page opened once and closed). */
const PENDING_KEPT_MS = 24 * 60 * MINUTE_MS;

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

export const newDeviceToken = () => randomBytes(32).toString('base64url');

function newCode(): string {
  const { codeAlphabet, codeLength } = SCREEN_PAIRING;
  return Array.from({ length: codeLength }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
}

const NOT_PAIRED = 'This screen is not paired with the club. Reload the page for a pairing code.';

async function publicClub(db: DbOrTx, slug: string): Promise<ScreenClub & { id: string }> {
  const club = await clubForViewer(db, { slug: slug.toLowerCase(), defaultSlug: slug });
  return {
    id: club.id,
    slug: club.slug,
    name: club.name,
    primaryColor: club.primaryColor,
    secondaryColor: club.secondaryColor,
    logoUrl: club.logoUrl,
  };
}

const withoutId = ({ id: _, ...club }: ScreenClub & { id: string }): ScreenClub => club;

/** A fresh code for a pending screen (another if the one drawn is in use at the club). */
async function giveCode(db: DbOrTx, screen: ScreenRow, now: number) {
  const expiresAt = new Date(now + SCREEN_PAIRING.codeMinutes * MINUTE_MS);
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newCode();
    if (
      await setScreenCode(db, { clubId: screen.clubId, screenId: screen.id, codeHash: hash(code), expiresAt })
    ) {
      return { code, codeExpiresAt: expiresAt.toISOString() };
    }
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'No pairing code is free just now. Reload the page in a minute.');
}

/**
 * The screen page at /c/<club>/screen starts: a screen the device already is (its cookie) stays
 * itself, paired or pending, at the same club; anything else (no cookie, revoked, another club's
 * screen) becomes a new pending screen with a code to show. The code is only ever told to the device
 * once, here: the device token is new whenever the code is.
 */
export async function startScreen(
  services: ScreenServices,
  { club: slug, deviceToken }: { club: string; deviceToken: string | undefined },
): Promise<{ state: ScreenState; deviceToken: string }> {
  const now = services.clock.now().getTime();
  const started = await services.db.transaction(async (tx) => {
    const club = await publicClub(tx, slug);
    const existing = deviceToken
      ? await findScreenByDevice(tx, { deviceTokenHash: hash(deviceToken) })
      : undefined;
    if (existing && deviceToken && existing.clubId === club.id && !existing.revokedAt && existing.pairedAt) {
      await touchScreen(tx, { screenId: existing.id, at: new Date(now) });
      return { club, deviceToken, code: null };
    }
    await deleteStalePendingScreens(tx, { clubId: club.id, before: new Date(now - PENDING_KEPT_MS) });
    // A pending screen gets a new code and a new token together: a code shown once is never shown again.
    const token = newDeviceToken();
    const pending =
      existing && existing.clubId === club.id && !existing.revokedAt && !existing.pairedAt
        ? existing
        : await insertScreen(tx, { clubId: club.id, deviceTokenHash: hash(token) });
    if (pending === existing)
      await setDeviceToken(tx, { screenId: pending.id, deviceTokenHash: hash(token) });
    return { club, deviceToken: token, code: await giveCode(tx, pending, now) };
  });
  // The board is read after the transaction: a request holds one connection at a time.
  const { club, code } = started;
  const state: ScreenState = code
    ? { paired: false, club: withoutId(club), ...code }
    : await pairedState(services, club);
  return { state, deviceToken: started.deviceToken };
}

async function pairedState(
  services: ScreenServices,
  club: ScreenClub & { id: string },
): Promise<ScreenState> {
  return {
    paired: true,
    club: withoutId(club),
    board: await screenBoard(services, { clubId: club.id, slug: club.slug }),
  };
}

/**
 * What the screen shows now, for the device by its cookie: still waiting with its code (the code
 * itself is not told again: the page keeps the one it was given), or paired with the board. A
 * device that is no screen of this club, or a revoked one, gets 404 and starts again.
 */
/**
 * The club of the paired screen this device is, for its live stream; refused as "not paired" as
 * `currentScreen` refuses it when the device is unknown, revoked, another club's or not yet paired.
 */
export async function pairedScreenClub(
  services: ScreenServices,
  { club: slug, deviceToken }: { club: string; deviceToken: string | undefined },
): Promise<{ clubId: string; screenId: string }> {
  const club = await publicClub(services.db, slug);
  const screen = deviceToken
    ? await findScreenByDevice(services.db, { deviceTokenHash: hash(deviceToken) })
    : undefined;
  if (!screen || screen.clubId !== club.id || screen.revokedAt || !screen.pairedAt) {
    throw new AppError('NOT_FOUND', NOT_PAIRED);
  }
  return { clubId: club.id, screenId: screen.id };
}

export async function currentScreen(
  services: ScreenServices,
  { club: slug, deviceToken }: { club: string; deviceToken: string | undefined },
): Promise<ScreenState> {
  const now = services.clock.now();
  const club = await publicClub(services.db, slug);
  const screen = deviceToken
    ? await findScreenByDevice(services.db, { deviceTokenHash: hash(deviceToken) })
    : undefined;
  if (!screen || screen.clubId !== club.id || screen.revokedAt) throw new AppError('NOT_FOUND', NOT_PAIRED);
  if (!screen.pairedAt) {
    if (!screen.codeExpiresAt || screen.codeExpiresAt <= now) throw new AppError('NOT_FOUND', NOT_PAIRED);
    return {
      paired: false,
      club: withoutId(club),
      code: '',
      codeExpiresAt: screen.codeExpiresAt.toISOString(),
    };
  }
  if (!screen.lastSeenAt || now.getTime() - screen.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
    await touchScreen(services.db, { screenId: screen.id, at: now });
  }
  return pairedState(services, club);
}

function screenView(row: {
  id: string;
  name: string;
  pairedAt: Date | null;
  pairedByName: string | null;
  lastSeenAt: Date | null;
}): ScreenView {
  return {
    id: row.id,
    name: row.name,
    pairedAt: (row.pairedAt ?? new Date(0)).toISOString(),
    pairedBy: row.pairedByName,
    lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  };
}

/** The admin enters the code the TV shows: that screen, at this club, shows the club's game from its next refresh. */
export async function pairClubScreen(
  services: ScreenServices,
  viewer: Viewer,
  input: { code: string; name?: string | undefined },
): Promise<ScreenPaired> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const count = await countPairedScreens(tx, { clubId: viewer.clubId });
    const row = await pairScreen(tx, {
      clubId: viewer.clubId,
      codeHash: hash(normaliseScreenCode(input.code)),
      now,
      pairedBy: viewer.userId,
      name: input.name ?? `TV screen ${count + 1}`,
    });
    if (!row) {
      throw new AppError(
        'NOT_FOUND',
        'No screen of your club is showing that code. Check it on the TV (codes last 15 minutes), or reload the TV page for a new one.',
      );
    }
    return {
      screen: screenView({ ...row, pairedByName: viewer.name }),
    };
  });
}

export async function clubScreensOf(services: Pick<Services, 'db'>, viewer: Viewer): Promise<ScreenList> {
  const rows = await listPairedScreens(services.db, { clubId: viewer.clubId });
  return { screens: rows.map(screenView) };
}

/** Unpairs a screen: from its next refresh it shows a pairing code again. */
export async function unpairScreen(
  services: Pick<Services, 'db' | 'clock'>,
  viewer: Viewer,
  { screenId }: { screenId: string },
): Promise<void> {
  if (!(await revokeScreen(services.db, { clubId: viewer.clubId, screenId, at: services.clock.now() }))) {
    throw notFound('That screen');
  }
}
