import type { Absence, AbsenceInput } from '@lastman/api';
import { formatHours, londonDayWords, londonWhenWords } from '@lastman/api/format';
import { addDays, londonDay, londonDayStart } from '@lastman/api/time';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { type NotificationKind, notify, notifyUsers } from '../../notifications/index.ts';
import { staffOfClub } from '../people/queries.ts';
import { balanceMinutesOf } from './holiday.ts';
import {
  type AbsenceRow,
  absenceById,
  absencesOf,
  decideLeave,
  deleteOwnAbsence,
  insertAbsence,
  lockHoliday,
} from './queries.ts';

/** The kind of the answer to a leave request: its own, so staff can choose how they hear of it. */
export const LEAVE_KIND = 'leave';

/** That kind in the preference centre, as the staff domain's plugin registers it. */
export const LEAVE_NOTIFICATION_KIND: NotificationKind = {
  kind: LEAVE_KIND,
  label: 'Your leave: requests approved or refused',
  defaults: { push: true, email: true, inApp: true },
  staffOnly: true,
};

type Svc = Pick<Services, 'db' | 'clock' | 'notifier' | 'registries'>;

const DAY_MS = 86_400_000;

/** The whole London days an absence covers, when it runs from one London midnight to another. */
function wholeDays(row: { startsAt: Date; endsAt: Date }) {
  const from = londonDay(row.startsAt);
  const after = londonDay(row.endsAt);
  if (londonDayStart(from).getTime() !== row.startsAt.getTime()) return null;
  if (londonDayStart(after).getTime() !== row.endsAt.getTime()) return null;
  return { from, to: addDays(after, -1) };
}

export function toAbsence(row: AbsenceRow, staffName: string | null): Absence {
  return {
    id: row.id,
    userId: row.userId,
    staffName,
    kind: row.kind,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    days: wholeDays(row),
    reason: row.reason,
    hours: row.leaveMinutes / 60,
    status: row.status,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const london = londonWhenWords;

/**
 * "Monday 7 December to Wednesday 9 December (whole days)", or "Monday 7 December, 18:00 to
 * Tuesday 8 December, 02:00 (London time)".
 */
function periodText(row: { startsAt: Date; endsAt: Date }) {
  const days = wholeDays(row);
  if (days) {
    const first = londonDayWords(londonDayStart(days.from));
    const last = londonDayWords(londonDayStart(days.to));
    return days.from === days.to ? `${first} (a whole day)` : `${first} to ${last} (whole days)`;
  }
  return `${london(row.startsAt)} to ${london(row.endsAt)} (London time)`;
}

/**
 * The time asked for: whole London days (the first day's midnight to the midnight after the last,
 * 23 or 25 hours on the days the clocks change), or a start and an end for part of a day.
 */
function absencePeriod(input: AbsenceInput) {
  const byDays = input.fromDay !== undefined || input.toDay !== undefined;
  const byTimes = input.startsAt !== undefined || input.endsAt !== undefined;
  if (byDays && byTimes)
    throw new AppError(
      'BAD_REQUEST',
      'Give either the days (first and last) or the start and end times, not both.',
    );
  if (byDays) {
    if (!input.fromDay || !input.toDay)
      throw new AppError('BAD_REQUEST', 'Give both the first and the last day.');
    if (input.toDay < input.fromDay)
      throw new AppError('BAD_REQUEST', 'The last day must be on or after the first day.');
    return { startsAt: londonDayStart(input.fromDay), endsAt: londonDayStart(input.toDay, 1) };
  }
  if (!input.startsAt || !input.endsAt)
    throw new AppError('BAD_REQUEST', 'Give the first and last days, or the start and end times.');
  return { startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) };
}

/** A staff member marks time they cannot work (noted at once) or asks for leave (an admin decides). */
export async function requestAbsence(services: Svc, viewer: Viewer, input: AbsenceInput) {
  const { startsAt, endsAt } = absencePeriod(input);
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
        { db: tx, clock: services.clock, registries: services.registries },
        {
          clubId: viewer.clubId,
          audience: 'admins',
          kind: 'admin',
          title: `${viewer.name} asks for leave`,
          body: `${periodText({ startsAt, endsAt })}, ${input.hours} hours.${input.reason ? ` ${input.reason}` : ''}`,
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
  { id, approve, confirmNegativeBalance }: { id: string; approve: boolean; confirmNegativeBalance?: boolean },
) {
  const current = await absenceById(services.db, { clubId: viewer.clubId, id });
  if (current?.kind !== 'leave') throw notFound('The leave request');
  const row = await services.db.transaction(async (tx) => {
    if (approve && current.status === 'pending') {
      // Holiday is a right earned by the hours worked: leave beyond it is the admin's call, made knowingly.
      await lockHoliday(tx, { clubId: viewer.clubId, userId: current.userId });
      const now = await balanceMinutesOf(tx, { clubId: viewer.clubId, userId: current.userId });
      const after = now - current.leaveMinutes;
      if (after < 0 && !confirmNegativeBalance) {
        const [person] = await staffOfClub(tx, { clubId: viewer.clubId, userIds: [current.userId] });
        throw new AppError(
          'CONFIRMATION_REQUIRED',
          `Approving this leave takes ${person ? `${person.name}’s` : 'their'} holiday balance below zero, to ${formatHours(after / 60)} (${formatHours(now / 60)} now, the leave takes ${formatHours(current.leaveMinutes / 60)}). Approve anyway?`,
        );
      }
    }
    const decided = await decideLeave(tx, {
      clubId: viewer.clubId,
      id,
      status: approve ? 'approved' : 'refused',
      by: viewer.userId,
      at: services.clock.now(),
    });
    if (!decided) throw new AppError('CONFLICT', 'This request has already been decided.');
    await notifyUsers(
      { db: tx, clock: services.clock, registries: services.registries },
      {
        clubId: viewer.clubId,
        kind: LEAVE_KIND,
        title: approve ? 'Your leave is approved' : 'Your leave was refused',
        body: `${periodText(decided)}${approve ? `: ${decided.leaveMinutes / 60} hours from your holiday.` : '. Talk to your manager if you need it.'}`,
        link: '/staffschedules?view=leave',
        messages: [{ userId: decided.userId }],
      },
    );
    return decided;
  });
  void services.notifier.kick();
  return { absence: toAbsence(row, null) };
}
