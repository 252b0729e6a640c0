import type { Absence, AbsenceInput } from '@lastman/api';
import type { Viewer } from '../../auth/guards.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { londonWhenWords } from '../../lib/london-dates.ts';
import type { Services } from '../../services.ts';
import { notify, notifyUsers, registerNotificationKind } from '../notifications/index.ts';
import {
  type AbsenceRow,
  absenceById,
  absencesOf,
  decideLeave,
  deleteOwnAbsence,
  insertAbsence,
} from './extras-queries.ts';

/** The kind of the answer to a leave request: its own, so staff can choose how they hear of it. */
export const LEAVE_KIND = 'leave';

registerNotificationKind({
  kind: LEAVE_KIND,
  label: 'Your leave: requests approved or refused',
  defaults: { push: true, email: true, inApp: true },
  staffOnly: true,
});

type Svc = Pick<Services, 'db' | 'clock' | 'notifier'>;

const DAY_MS = 86_400_000;

export function toAbsence(row: AbsenceRow, staffName: string | null): Absence {
  return {
    id: row.id,
    userId: row.userId,
    staffName,
    kind: row.kind,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reason: row.reason,
    hours: row.leaveMinutes / 60,
    status: row.status,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const london = londonWhenWords;

/** A staff member marks time they cannot work (noted at once) or asks for leave (an admin decides). */
export async function requestAbsence(services: Svc, viewer: Viewer, input: AbsenceInput) {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= startsAt) throw new AppError('BAD_REQUEST', 'The end must be after the start.');
  if (endsAt.getTime() - startsAt.getTime() > 60 * DAY_MS)
    throw new AppError('BAD_REQUEST', 'Ask for at most 60 days at a time.');
  if (endsAt <= services.clock.now()) throw new AppError('BAD_REQUEST', 'That time has already passed.');
  const leave = input.kind === 'leave';
  if (leave && !input.hours)
    throw new AppError('BAD_REQUEST', 'Say how many hours of holiday the leave takes.');
  const row = await services.db.transaction(async (tx) => {
    const absence = await insertAbsence(tx, {
      clubId: viewer.clubId,
      userId: viewer.userId,
      kind: input.kind,
      startsAt,
      endsAt,
      reason: input.reason || null,
      leaveMinutes: leave ? Math.round((input.hours ?? 0) * 60) : 0,
      status: leave ? 'pending' : 'approved',
    });
    if (leave) {
      await notify(
        { db: tx, clock: services.clock },
        {
          clubId: viewer.clubId,
          audience: 'admins',
          kind: 'admin',
          title: `${viewer.name} asks for leave`,
          body: `${london(startsAt)} to ${london(endsAt)} (London time), ${input.hours} hours.${input.reason ? ` ${input.reason}` : ''}`,
          link: '/staffschedules?view=leave',
        },
      );
    }
    return absence;
  });
  if (leave) void services.notifier.kick();
  return { absence: toAbsence(row, viewer.name) };
}

export async function myAbsences(services: Pick<Services, 'db' | 'clock'>, viewer: Viewer) {
  const rows = await absencesOf(services.db, {
    clubId: viewer.clubId,
    userId: viewer.userId,
    from: new Date(services.clock.now().getTime() - 90 * DAY_MS),
  });
  return { absences: rows.map((r) => toAbsence(r.absence, r.staffName)) };
}

export async function withdrawAbsence(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  { id }: { id: string },
) {
  if (!(await deleteOwnAbsence(services.db, { clubId: viewer.clubId, userId: viewer.userId, id })))
    throw notFound('That request (approved leave stays unless an admin changes it)');
}

/** The admin's list: leave waiting for a decision, and everything from a month ago on. */
export async function clubAbsences(services: Pick<Services, 'db' | 'clock'>, viewer: Viewer) {
  const rows = await absencesOf(services.db, {
    clubId: viewer.clubId,
    from: new Date(services.clock.now().getTime() - 30 * DAY_MS),
  });
  return { absences: rows.map((r) => toAbsence(r.absence, r.staffName)) };
}

/** An admin approves or refuses a leave request; the staff member hears of it (kind `leave`). */
export async function decideAbsence(
  services: Svc,
  viewer: Viewer,
  { id, approve }: { id: string; approve: boolean },
) {
  const current = await absenceById(services.db, { clubId: viewer.clubId, id });
  if (current?.kind !== 'leave') throw notFound('The leave request');
  const row = await services.db.transaction(async (tx) => {
    const decided = await decideLeave(tx, {
      clubId: viewer.clubId,
      id,
      status: approve ? 'approved' : 'refused',
      by: viewer.userId,
      at: services.clock.now(),
    });
    if (!decided) throw new AppError('CONFLICT', 'This request has already been decided.');
    await notifyUsers(
      { db: tx, clock: services.clock },
      {
        clubId: viewer.clubId,
        kind: LEAVE_KIND,
        title: approve ? 'Your leave is approved' : 'Your leave was refused',
        body: `${london(decided.startsAt)} to ${london(decided.endsAt)} (London time)${approve ? `: ${decided.leaveMinutes / 60} hours from your holiday.` : '. Talk to your manager if you need it.'}`,
        link: '/staffschedules?view=leave',
        messages: [{ userId: decided.userId }],
      },
    );
    return decided;
  });
  void services.notifier.kick();
  return { absence: toAbsence(row, null) };
}
