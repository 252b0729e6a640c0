import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { assertRotaWeeksOpen } from '../timesheets/service.ts';
import {
  claimOpenShift,
  openShifts,
  overlappingShift,
  shiftById,
  upcomingPublishedShifts,
} from './queries.ts';
import { overlapError, refusingOverlap, toShift, type WithClock } from './service.ts';

/** A staff member's own published shifts, next first, and the open shifts they may claim. */
export async function myShifts(services: WithClock, viewer: Viewer) {
  const now = services.clock.now();
  const [mine, open] = await Promise.all([
    upcomingPublishedShifts(services.db, {
      clubId: viewer.clubId,
      userId: viewer.userId,
      from: now,
      limit: 50,
    }),
    openShifts(services.db, { clubId: viewer.clubId, now }),
  ]);
  return {
    shifts: mine.map(({ shift, staffName }) => toShift(shift, staffName, [])),
    open: open.map(({ shift }) => toShift(shift, null, [])),
  };
}

/** A staff member takes an open shift, unless someone was quicker or it clashes with their own. */
export async function claimShift(services: WithClock, viewer: Viewer, { shiftId }: { shiftId: string }) {
  const shift = await shiftById(services.db, { clubId: viewer.clubId, shiftId });
  if (shift?.status !== 'published') throw notFound('The open shift');
  if (shift.userId !== null) throw new AppError('CONFLICT', 'Someone has already taken this shift.');
  if (shift.startsAt <= services.clock.now())
    throw new AppError('CONFLICT', 'This shift has already started.');
  const t = {
    id: shiftId,
    userId: viewer.userId,
    startsAt: shift.startsAt,
    endsAt: shift.endsAt,
    breakMinutes: shift.breakMinutes,
  };
  const other = await overlappingShift(services.db, {
    clubId: viewer.clubId,
    userId: viewer.userId,
    startsAt: shift.startsAt,
    endsAt: shift.endsAt,
    exceptId: shiftId,
  });
  if (other) throw overlapError(other);
  const row = await refusingOverlap(services, viewer.clubId, t, () =>
    services.db.transaction(async (tx) => {
      await assertRotaWeeksOpen(tx, viewer.clubId, [t]);
      return claimOpenShift(tx, { clubId: viewer.clubId, shiftId, userId: viewer.userId });
    }),
  );
  if (!row) throw new AppError('CONFLICT', 'Someone has already taken this shift.');
  return toShift(row, viewer.name, []);
}
