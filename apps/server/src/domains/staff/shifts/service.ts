import type { Shift, ShiftInput, ShiftPlacement, ShiftUpdate, WorkingTimeWarning } from '@lastman/api';
import { ROTA_LIMITS } from '@lastman/api';
import { londonStamp } from '@lastman/api/format';
import { daysBetween, laterByLondonDays, londonDay } from '@lastman/api/time';
import { sqlState } from '../../../db/pg-errors.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import type { NotificationKind } from '../../notifications/index.ts';
import { type AbsenceRow, absenceDuring } from '../leave/queries.ts';
import { payRate, positionRatesByName, rateChangesOf } from '../pay/rates.ts';
import { staffOfClub } from '../people/queries.ts';
import { assertRotaWeeksOpen } from '../timesheets/service.ts';
import {
  deleteShift,
  insertShift,
  overlappingShift,
  personShiftsAround,
  type ShiftRow,
  shiftById,
  updateShift,
} from './queries.ts';
import { workedHours, workingTimeWarnings } from './working-time.ts';

/** The kind of the rota's news to each member of staff, as the staff domain's plugin registers it. */
export const ROTA_NOTIFICATION_KIND: NotificationKind = {
  kind: 'rota',
  label: 'Your shifts: the rota published or changed',
  defaults: { push: true, email: true, inApp: true },
  staffOnly: true,
};

type Db = Pick<Services, 'db'>;
export type WithClock = Pick<Services, 'db' | 'clock'>;

export const WEEK_MS = 7 * 86_400_000;
const HOUR_MS = 3_600_000;

export function overlapError(other: ShiftRow): AppError {
  return new AppError(
    'CONFLICT',
    `This overlaps another shift for the same person: ${other.position}, ${londonStamp(other.startsAt)} to ${londonStamp(other.endsAt)} (London time).`,
  );
}

interface Times {
  userId: string | null;
  startsAt: Date;
  endsAt: Date;
  breakMinutes: number;
}

function checkTimes(t: Times) {
  if (t.endsAt <= t.startsAt) throw new AppError('BAD_REQUEST', 'A shift must end after it starts.');
  if (t.endsAt.getTime() - t.startsAt.getTime() > ROTA_LIMITS.shiftHoursMax * HOUR_MS) {
    throw new AppError('BAD_REQUEST', `A shift can be at most ${ROTA_LIMITS.shiftHoursMax} hours long.`);
  }
  if (t.breakMinutes * 60_000 >= t.endsAt.getTime() - t.startsAt.getTime()) {
    throw new AppError('BAD_REQUEST', 'The break must be shorter than the shift.');
  }
}

/** The warning for a shift put on someone who said they are unavailable, or is on approved leave. */
export function absenceWarning(a: Pick<AbsenceRow, 'kind' | 'startsAt' | 'endsAt'>): WorkingTimeWarning {
  return {
    code: 'UNAVAILABLE',
    message:
      a.kind === 'leave'
        ? `This person is on approved leave from ${londonStamp(a.startsAt)} to ${londonStamp(a.endsAt)} (London time).`
        : `This person said they are unavailable from ${londonStamp(a.startsAt)} to ${londonStamp(a.endsAt)} (London time).`,
  };
}

/** The Working Time warnings for a shift of a person, from their shifts in the 17 weeks around it. */
async function warningsFor(
  db: Services['db'],
  clubId: string,
  t: Times & { id?: string },
): Promise<WorkingTimeWarning[]> {
  if (!t.userId) return [];
  const [person] = await staffOfClub(db, { clubId, userIds: [t.userId] });
  const others = await personShiftsAround(db, {
    clubId,
    userId: t.userId,
    from: new Date(t.startsAt.getTime() - 18 * WEEK_MS),
    to: new Date(t.endsAt.getTime() + WEEK_MS),
  });
  const absent = await absenceDuring(db, {
    clubId,
    userId: t.userId,
    startsAt: t.startsAt,
    endsAt: t.endsAt,
  });
  return [
    ...workingTimeWarnings(
      { id: t.id, startsAt: t.startsAt, endsAt: t.endsAt, breakMinutes: t.breakMinutes },
      others.filter((o) => o.id !== t.id),
      person?.dateOfBirth ?? null,
    ),
    ...(absent ? [absenceWarning(absent)] : []),
  ];
}

/**
 * The rate a shift costs at: the person's own on the London day it starts, else the position's
 * (when the admin set one).
 */
async function rateOf(db: Services['db'], clubId: string, row: ShiftRow) {
  const positionRates = await positionRatesByName(db, { clubId });
  if (!row.userId) return positionRates.get(row.position) ?? null;
  const changes = await rateChangesOf(db, { clubId, userIds: [row.userId] });
  return payRate(changes, positionRates, {
    userId: row.userId,
    day: londonDay(row.startsAt),
    position: row.position,
  });
}

async function requireStaff(db: Services['db'], clubId: string, userId: string | null) {
  if (userId === null) return;
  const [person] = await staffOfClub(db, { clubId, userIds: [userId] });
  if (!person)
    throw new AppError('BAD_REQUEST', 'Shifts are for the club’s staff and admins: that person is not one.');
}

function costOf(row: ShiftRow, rate: number | null | undefined): number | null {
  if (rate === null || rate === undefined) return null;
  return Math.round(workedHours(row) * rate);
}

export function toShift(
  row: ShiftRow,
  staffName: string | null,
  warnings: WorkingTimeWarning[],
  rate?: number | null,
): Shift {
  return {
    id: row.id,
    userId: row.userId,
    staffName,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    position: row.position,
    breakMinutes: row.breakMinutes,
    notes: row.notes,
    status: row.status,
    overrideReason: row.overrideReason,
    warnings,
    ...(rate !== undefined && { costPence: costOf(row, rate) }),
  };
}

/** Runs a write that the no-overlap constraint may refuse, turning the refusal into a plain 409. */
export async function refusingOverlap<T>(
  services: Db,
  clubId: string,
  t: Times & { id?: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) !== '23P01' || !t.userId) throw err;
    const other = await overlappingShift(services.db, {
      clubId,
      userId: t.userId,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      exceptId: t.id,
    });
    throw other
      ? overlapError(other)
      : new AppError('CONFLICT', 'This overlaps another shift for the same person.');
  }
}

export async function createShift(services: Db, viewer: Viewer, input: ShiftInput) {
  const t = {
    userId: input.userId,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    breakMinutes: input.breakMinutes,
  };
  checkTimes(t);
  await requireStaff(services.db, viewer.clubId, t.userId);
  if (t.userId) {
    const other = await overlappingShift(services.db, {
      clubId: viewer.clubId,
      userId: t.userId,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
    });
    if (other) throw overlapError(other);
  }
  const row = await refusingOverlap(services, viewer.clubId, t, () =>
    services.db.transaction(async (tx) => {
      await assertRotaWeeksOpen(tx, viewer.clubId, [t]);
      return insertShift(tx, {
        clubId: viewer.clubId,
        ...t,
        position: input.position,
        notes: input.notes || null,
        overrideReason: input.overrideReason || null,
      });
    }),
  );
  const warnings = await warningsFor(services.db, viewer.clubId, { ...t, id: row.id });
  const [person] = t.userId
    ? await staffOfClub(services.db, { clubId: viewer.clubId, userIds: [t.userId] })
    : [];
  return toShift(row, person?.name ?? null, warnings, await rateOf(services.db, viewer.clubId, row));
}

/** The warnings a shift would have, and the overlap it would meet, without saving it: for the form. */
export async function checkShift(services: Db, viewer: Viewer, input: ShiftInput & { id?: string }) {
  const t = {
    id: input.id,
    userId: input.userId,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    breakMinutes: input.breakMinutes,
  };
  checkTimes(t);
  await requireStaff(services.db, viewer.clubId, t.userId);
  const other = t.userId
    ? await overlappingShift(services.db, {
        clubId: viewer.clubId,
        userId: t.userId,
        startsAt: t.startsAt,
        endsAt: t.endsAt,
        exceptId: t.id,
      })
    : undefined;
  return {
    warnings: await warningsFor(services.db, viewer.clubId, t),
    overlap: other ? overlapError(other).message : null,
  };
}

export async function editShift(
  services: Db,
  viewer: Viewer,
  { shiftId, input }: { shiftId: string; input: ShiftUpdate },
) {
  const current = await shiftById(services.db, { clubId: viewer.clubId, shiftId });
  if (!current) throw notFound('The shift');
  const t = {
    id: shiftId,
    userId: input.userId !== undefined ? input.userId : current.userId,
    startsAt: input.startsAt ? new Date(input.startsAt) : current.startsAt,
    endsAt: input.endsAt ? new Date(input.endsAt) : current.endsAt,
    breakMinutes: input.breakMinutes ?? current.breakMinutes,
  };
  checkTimes(t);
  await requireStaff(services.db, viewer.clubId, t.userId);
  if (t.userId) {
    const other = await overlappingShift(services.db, {
      clubId: viewer.clubId,
      userId: t.userId,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      exceptId: shiftId,
    });
    if (other) throw overlapError(other);
  }
  // An edit makes the shift a draft again: staff hear of it when the week is next published.
  const row = await refusingOverlap(services, viewer.clubId, t, () =>
    services.db.transaction(async (tx) => {
      // The week it leaves and the week it lands in, for the person it had and the one it has.
      await assertRotaWeeksOpen(tx, viewer.clubId, [current, t]);
      return updateShift(tx, {
        clubId: viewer.clubId,
        shiftId,
        values: {
          userId: t.userId,
          startsAt: t.startsAt,
          endsAt: t.endsAt,
          breakMinutes: t.breakMinutes,
          ...(input.position !== undefined && { position: input.position }),
          ...(input.notes !== undefined && { notes: input.notes || null }),
          ...(input.overrideReason !== undefined && { overrideReason: input.overrideReason || null }),
          status: 'draft',
        },
      });
    }),
  );
  if (!row) throw notFound('The shift');
  const warnings = await warningsFor(services.db, viewer.clubId, t);
  const [person] = t.userId
    ? await staffOfClub(services.db, { clubId: viewer.clubId, userIds: [t.userId] })
    : [];
  return toShift(row, person?.name ?? null, warnings, await rateOf(services.db, viewer.clubId, row));
}

/**
 * Puts a shift (moved, or a copy of it) on a person's London day, keeping its London times: the
 * rota's drag and drop, and its "Move to…" and "Copy to…". Unlike the form, which warns and lets
 * the admin give a reason, a placement onto the person's approved leave is refused: a drop has no
 * place to read a warning. Overlaps and approved timesheet weeks are refused as everywhere.
 */
export async function placeShift(
  services: Db,
  viewer: Viewer,
  { shiftId, to, copy }: { shiftId: string; to: ShiftPlacement; copy: boolean },
) {
  const clubId = viewer.clubId;
  const current = await shiftById(services.db, { clubId, shiftId });
  if (!current) throw notFound('The shift');
  const days = daysBetween(londonDay(current.startsAt), to.day);
  const t = {
    id: copy ? undefined : shiftId,
    userId: to.userId,
    startsAt: laterByLondonDays(current.startsAt, days),
    endsAt: laterByLondonDays(current.endsAt, days),
    breakMinutes: current.breakMinutes,
  };
  checkTimes(t);
  await requireStaff(services.db, clubId, t.userId);
  if (t.userId) {
    const when = { clubId, userId: t.userId, startsAt: t.startsAt, endsAt: t.endsAt };
    const other = await overlappingShift(services.db, { ...when, exceptId: t.id });
    if (other) throw overlapError(other);
    const leave = await absenceDuring(services.db, { ...when, kind: 'leave' });
    if (leave) {
      const [person] = await staffOfClub(services.db, { clubId, userIds: [t.userId] });
      throw new AppError(
        'CONFLICT',
        `${person?.name ?? 'This person'} is on approved leave from ${londonStamp(leave.startsAt)} to ${londonStamp(leave.endsAt)} (London time): choose someone else or another day.`,
      );
    }
  }
  const row = await refusingOverlap(services, clubId, t, () =>
    services.db.transaction(async (tx) => {
      if (copy) {
        await assertRotaWeeksOpen(tx, clubId, [t]);
        return insertShift(tx, {
          clubId,
          userId: t.userId,
          startsAt: t.startsAt,
          endsAt: t.endsAt,
          breakMinutes: t.breakMinutes,
          position: current.position,
          notes: current.notes,
          overrideReason: current.overrideReason,
        });
      }
      // The week it leaves and the week it lands in, for the person it had and the one it has.
      await assertRotaWeeksOpen(tx, clubId, [current, t]);
      // Moved, it is a draft again: staff hear of it when the week is next published.
      return updateShift(tx, {
        clubId,
        shiftId,
        values: { userId: t.userId, startsAt: t.startsAt, endsAt: t.endsAt, status: 'draft' },
      });
    }),
  );
  if (!row) throw notFound('The shift');
  const warnings = await warningsFor(services.db, clubId, { ...t, id: row.id });
  const [person] = t.userId ? await staffOfClub(services.db, { clubId, userIds: [t.userId] }) : [];
  return toShift(row, person?.name ?? null, warnings, await rateOf(services.db, clubId, row));
}

export async function removeShift(services: Db, viewer: Viewer, { shiftId }: { shiftId: string }) {
  await services.db.transaction(async (tx) => {
    const current = await shiftById(tx, { clubId: viewer.clubId, shiftId });
    if (!current) throw notFound('The shift');
    await assertRotaWeeksOpen(tx, viewer.clubId, [current]);
    if (!(await deleteShift(tx, { clubId: viewer.clubId, shiftId }))) throw notFound('The shift');
  });
}
