import { createHash, randomBytes } from 'node:crypto';
import type { ClockEntry, ClockStatus } from '@lastman/api';
import { minutesBetween } from '@lastman/api/time';
import type { Db } from '../../../db/client.ts';
import { sqlState } from '../../../db/pg-errors.ts';
import type { Viewer } from '../../../http/guards.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { shiftNear } from '../shifts/queries.ts';
import { assertWeekOpen } from '../timesheets/service.ts';
import { checkClockToken, clockToken } from './code.ts';
import {
  type ClockEntryRow,
  canClockWithoutCode,
  closeForgotten,
  insertClockEntry,
  insertTill,
  listTills,
  openClockEntry,
  recentClockEntries,
  revokeTill,
  tillByKeyHash,
  updateClockEntry,
} from './queries.ts';

type S = Pick<Services, 'db' | 'clock' | 'config'>;

/** How long after a shift's end a forgotten clock-out is closed. */
export const CLOCK_OUT_GRACE_MINUTES = 60;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function toEntry(row: ClockEntryRow): ClockEntry {
  return {
    id: row.id,
    userId: row.userId,
    clockInAt: row.clockInAt.toISOString(),
    clockOutAt: row.clockOutAt?.toISOString() ?? null,
    breakMinutes: row.breakMinutes,
    onBreakSince: row.breakStartedAt?.toISOString() ?? null,
    shiftId: row.shiftId,
    flags: row.flags,
  };
}

export function closeForgottenClockOuts({ db, clock }: { db: Db; clock: Clock }) {
  return closeForgotten(db, { now: clock.now(), graceMinutes: CLOCK_OUT_GRACE_MINUTES });
}

/** The code for the till's QR: for the club's admin, or for a till device by its key. */
export async function clockCode(
  services: S,
  viewer: Viewer | null,
  { tillKey }: { tillKey?: string | undefined },
) {
  let clubId: string | undefined;
  if (viewer?.role === 'admin') clubId = viewer.clubId;
  else if (tillKey) clubId = (await tillByKeyHash(services.db, { keyHash: hashKey(tillKey) }))?.clubId;
  if (!clubId) {
    throw new AppError(
      'FORBIDDEN',
      'The clock-in code shows on the club’s till screen. Ask an admin to set one up.',
    );
  }
  const { token, expiresAt } = clockToken(services.config.AUTH_SECRET, clubId, services.clock.now());
  const url = `${services.config.PUBLIC_URL}/clockin?code=${encodeURIComponent(token)}`;
  return { token, expiresAt: expiresAt.toISOString(), url };
}

export async function clockStatus(services: S, viewer: Viewer): Promise<ClockStatus> {
  await closeForgottenClockOuts(services);
  const [open, recent, withoutCode] = await Promise.all([
    openClockEntry(services.db, { clubId: viewer.clubId, userId: viewer.userId }),
    recentClockEntries(services.db, { clubId: viewer.clubId, userId: viewer.userId, limit: 14 }),
    canClockWithoutCode(services.db, { clubId: viewer.clubId, userId: viewer.userId }),
  ]);
  return { open: open ? toEntry(open) : null, canClockWithoutCode: withoutCode, recent: recent.map(toEntry) };
}

export async function clockIn(services: S, viewer: Viewer, { token }: { token?: string | undefined }) {
  const now = services.clock.now();
  const flags: ClockEntryRow['flags'] = [];
  if (token) {
    const check = checkClockToken(services.config.AUTH_SECRET, viewer.clubId, token, now);
    if (check === 'expired')
      throw new AppError('FORBIDDEN', 'That code has expired: scan the code on the till again.');
    if (check === 'forged')
      throw new AppError('FORBIDDEN', 'That is not this club’s clock-in code: scan the code on the till.');
  } else if (await canClockWithoutCode(services.db, { clubId: viewer.clubId, userId: viewer.userId })) {
    flags.push('without_code');
  } else {
    throw new AppError('BAD_REQUEST', 'Scan the code on the till to clock in.');
  }
  await closeForgottenClockOuts(services);
  await assertWeekOpen(services.db, { clubId: viewer.clubId, userId: viewer.userId, at: now, who: 'you' });
  const shift = await shiftNear(services.db, { clubId: viewer.clubId, userId: viewer.userId, at: now });
  if (!shift) flags.push('no_shift_near');
  try {
    const row = await insertClockEntry(services.db, {
      clubId: viewer.clubId,
      userId: viewer.userId,
      shiftId: shift?.id ?? null,
      clockInAt: now,
      flags,
    });
    return toEntry(row);
  } catch (err) {
    if (sqlState(err) === '23505')
      throw new AppError('CONFLICT', 'You are already clocked in. Clock out first.');
    throw err;
  }
}

async function requireOpen(services: S, viewer: Viewer) {
  const open = await openClockEntry(services.db, { clubId: viewer.clubId, userId: viewer.userId });
  if (!open) throw new AppError('CONFLICT', 'You are not clocked in.');
  await assertWeekOpen(services.db, {
    clubId: viewer.clubId,
    userId: viewer.userId,
    at: open.clockInAt,
    who: 'you',
  });
  return open;
}

export async function clockOut(services: S, viewer: Viewer) {
  const open = await requireOpen(services, viewer);
  const now = services.clock.now();
  const row = await updateClockEntry(services.db, {
    clubId: viewer.clubId,
    entryId: open.id,
    values: {
      clockOutAt: now,
      // A break still under way ends with the shift.
      breakMinutes:
        open.breakMinutes + (open.breakStartedAt ? Math.max(0, minutesBetween(open.breakStartedAt, now)) : 0),
      breakStartedAt: null,
    },
  });
  if (!row) throw new AppError('CONFLICT', 'You are not clocked in.');
  return toEntry(row);
}

export async function startBreak(services: S, viewer: Viewer) {
  const open = await requireOpen(services, viewer);
  if (open.breakStartedAt) throw new AppError('CONFLICT', 'You are already on a break.');
  const row = await updateClockEntry(services.db, {
    clubId: viewer.clubId,
    entryId: open.id,
    values: { breakStartedAt: services.clock.now() },
  });
  return toEntry(row as ClockEntryRow);
}

export async function endBreak(services: S, viewer: Viewer) {
  const open = await requireOpen(services, viewer);
  if (!open.breakStartedAt) throw new AppError('CONFLICT', 'You are not on a break.');
  const row = await updateClockEntry(services.db, {
    clubId: viewer.clubId,
    entryId: open.id,
    values: {
      breakMinutes:
        open.breakMinutes + Math.max(0, minutesBetween(open.breakStartedAt, services.clock.now())),
      breakStartedAt: null,
    },
  });
  return toEntry(row as ClockEntryRow);
}

export async function createTill(services: S, viewer: Viewer, { name }: { name: string }) {
  const key = randomBytes(24).toString('base64url');
  const till = await insertTill(services.db, { clubId: viewer.clubId, name, keyHash: hashKey(key) });
  return {
    till: { id: till.id, name: till.name, createdAt: till.createdAt.toISOString() },
    url: `${services.config.PUBLIC_URL}/till?key=${key}`,
  };
}

export async function tillsOf(services: S, viewer: Viewer) {
  const rows = await listTills(services.db, { clubId: viewer.clubId });
  return { tills: rows.map((t) => ({ id: t.id, name: t.name, createdAt: t.createdAt.toISOString() })) };
}

export async function removeTill(services: S, viewer: Viewer, { tillId }: { tillId: string }) {
  if (!(await revokeTill(services.db, { clubId: viewer.clubId, tillId, at: services.clock.now() }))) {
    throw notFound('The till');
  }
}
