import type {
  ApproveWeekInput,
  ClockEntryAddInput,
  ClockEntryCorrectionInput,
  TimesheetDay,
  TimesheetEntry,
  TimesheetPersonWeek,
  TimesheetReport,
} from '@lastman/api';
import { ROTA_LIMITS, TIMESHEET_MAX_DAYS } from '@lastman/api';
import { formatShortDay, londonStamp } from '@lastman/api/format';
import {
  addDays,
  dayNumber,
  isDate,
  londonDay,
  londonMondayOf,
  londonWeekBounds,
  minutesBetween,
  mondayOf,
  weekDates,
} from '@lastman/api/time';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { insertClockEntry, updateClockEntry } from '../clock/queries.ts';
import { payRate, positionRatesByName, rateChangesOf } from '../pay/rates.ts';
import { staffOfClub } from '../people/queries.ts';
import { publishedShiftsBetween, shiftNear } from '../shifts/queries.ts';
import {
  approvalsBetween,
  clockEntriesBetween,
  clockEntryForUpdate,
  correctionsOf,
  deleteApproval,
  insertApproval,
  insertCorrection,
  isWeekApproved,
  lockPersonWeek,
  openEntryBetween,
  overlappingEntry,
  type TimesheetEntryRow,
} from './queries.ts';
import type { ClockEntryValues } from './schema.ts';

type S = Pick<Services, 'db' | 'clock'>;

const MINUTE_MS = 60_000;

/** The whole London weeks (Monday to Sunday) a from..to request covers, or a plain refusal. */
export function periodOf({ from, to }: { from: string; to: string }) {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null)
    throw new AppError('BAD_REQUEST', 'from and to must be dates such as 2026-11-09.');
  if (b < a) throw new AppError('BAD_REQUEST', 'The period must end on or after the day it starts.');
  if (b - a + 1 > TIMESHEET_MAX_DAYS) {
    throw new AppError(
      'BAD_REQUEST',
      `A timesheet covers at most ${TIMESHEET_MAX_DAYS} days: choose a shorter period.`,
    );
  }
  const firstMonday = mondayOf(from);
  const lastMonday = mondayOf(to);
  const weeks: string[] = [];
  for (let monday = firstMonday; monday <= lastMonday; monday = addDays(monday, 7)) weeks.push(monday);
  return {
    from: firstMonday,
    to: addDays(lastMonday, 6),
    weeks,
    startsAt: londonWeekBounds(firstMonday).from,
    endsAt: londonWeekBounds(lastMonday).to,
  };
}

function workedMinutes(e: { clockInAt: Date; clockOutAt: Date | null; breakMinutes: number }): number | null {
  if (!e.clockOutAt) return null;
  return Math.max(0, minutesBetween(e.clockInAt, e.clockOutAt) - e.breakMinutes);
}

function lateMinutes(e: TimesheetEntryRow): number {
  if (!e.shiftStartsAt) return 0;
  return Math.max(0, Math.floor((e.clockInAt.getTime() - e.shiftStartsAt.getTime()) / MINUTE_MS));
}

const costOf = (minutes: number, rate: number | null) =>
  rate === null ? null : Math.round((minutes * rate) / 60);

/**
 * A day's counted (clocked-out) time split by the rate it is paid at, in the order the rates first
 * appear; the cost of each part is rounded once, so a day paid at one rate costs as it always did.
 */
export function byRate(entries: readonly { workedMinutes: number | null; hourlyRatePence: number | null }[]) {
  const parts = new Map<number | null, { hourlyRatePence: number | null; workedMinutes: number }>();
  for (const e of entries) {
    if (e.workedMinutes === null) continue;
    const part = parts.get(e.hourlyRatePence) ?? { hourlyRatePence: e.hourlyRatePence, workedMinutes: 0 };
    part.workedMinutes += e.workedMinutes;
    parts.set(e.hourlyRatePence, part);
  }
  return [...parts.values()];
}

export function valuesOf(e: {
  clockInAt: Date;
  clockOutAt: Date | null;
  breakMinutes: number;
}): ClockEntryValues {
  return {
    clockInAt: e.clockInAt.toISOString(),
    clockOutAt: e.clockOutAt?.toISOString() ?? null,
    breakMinutes: e.breakMinutes,
  };
}

interface Options {
  from: string;
  to: string;
  userId?: string | undefined;
  /** Staff looking at their own hours: no rate and no cost. */
  ownHours?: boolean;
}

/** Scheduled against worked time per person per London week, with approvals and every correction. */
export async function timesheetReport(services: S, viewer: Viewer, opts: Options): Promise<TimesheetReport> {
  const period = periodOf(opts);
  const { db } = services;
  const clubId = viewer.clubId;
  const people = await staffOfClub(db, { clubId, userIds: opts.userId ? [opts.userId] : undefined });
  if (opts.userId && people.length === 0) throw notFound('The staff member');
  const range = { clubId, from: period.startsAt, to: period.endsAt, userId: opts.userId };
  const [shiftRows, entryRows, approvals, rates, positionRates] = await Promise.all([
    publishedShiftsBetween(db, range),
    clockEntriesBetween(db, range),
    approvalsBetween(db, {
      clubId,
      fromWeek: period.from,
      toWeek: period.weeks.at(-1) as string,
      userId: opts.userId,
    }),
    rateChangesOf(db, { clubId, userIds: opts.userId ? [opts.userId] : undefined }),
    positionRatesByName(db, { clubId }),
  ]);
  const corrections = await correctionsOf(db, { clubId, entryIds: entryRows.map((e) => e.id) });

  const weeks = period.weeks.map((weekStart) => {
    const dates = weekDates(weekStart);
    const list: TimesheetPersonWeek[] = [];
    for (const person of people) {
      // Staff looking at their own hours see no rate; time is paid at the rate of its day and position.
      const rateFor = (day: string, position: string | null) =>
        opts.ownHours ? null : payRate(rates, positionRates, { userId: person.userId, day, position });
      const shifts = shiftRows.filter(
        (s) => s.userId === person.userId && londonMondayOf(s.startsAt) === weekStart,
      );
      const entries = entryRows.filter(
        (e) => e.userId === person.userId && londonMondayOf(e.clockInAt) === weekStart,
      );
      const approval = approvals.find((a) => a.userId === person.userId && a.weekStart === weekStart);
      if (!opts.userId && person.role !== 'staff' && shifts.length + entries.length === 0 && !approval)
        continue;
      const shown: TimesheetEntry[] = entries.map((e) => ({
        id: e.id,
        date: londonDay(e.clockInAt),
        clockInAt: e.clockInAt.toISOString(),
        clockOutAt: e.clockOutAt?.toISOString() ?? null,
        breakMinutes: e.breakMinutes,
        workedMinutes: workedMinutes(e),
        lateMinutes: lateMinutes(e),
        shiftId: e.shiftId,
        position: e.position,
        hourlyRatePence: rateFor(londonDay(e.clockInAt), e.position),
        flags: [...e.flags],
        corrections: corrections
          .filter((c) => c.entryId === e.id)
          .map((c) => ({
            id: c.id,
            byUserId: c.byUserId,
            byName: c.byName,
            at: c.at.toISOString(),
            reason: c.reason,
            before: c.before,
            after: c.after,
          })),
      }));
      const days: TimesheetDay[] = dates.map((date) => {
        const dayShifts = shifts.filter((s) => londonDay(s.startsAt) === date);
        const dayEntries = shown.filter((e) => e.date === date);
        const worked = dayEntries.reduce((sum, e) => sum + (e.workedMinutes ?? 0), 0);
        const parts = byRate(dayEntries);
        const rated = parts.filter((p) => p.hourlyRatePence !== null);
        // Worked time names the day's rate; a day without it shows the rate its first shift would get.
        const dayRate = parts.length
          ? parts.length === 1
            ? (parts[0]?.hourlyRatePence ?? null)
            : null
          : rateFor(date, dayShifts[0]?.position ?? dayEntries[0]?.position ?? null);
        const flags = new Set<string>(dayEntries.flatMap((e) => e.flags));
        if (dayEntries.some((e) => e.clockOutAt === null)) flags.add('open');
        if (dayEntries.some((e) => e.corrections.length > 0)) flags.add('corrected');
        return {
          date,
          scheduledMinutes: dayShifts.reduce(
            (sum, s) => sum + Math.max(0, minutesBetween(s.startsAt, s.endsAt) - s.breakMinutes),
            0,
          ),
          workedMinutes: worked,
          breakMinutes: dayEntries.reduce((sum, e) => sum + (e.clockOutAt ? e.breakMinutes : 0), 0),
          lateMinutes: dayEntries.reduce((sum, e) => sum + e.lateMinutes, 0),
          costPence: rated.length
            ? rated.reduce((sum, p) => sum + (costOf(p.workedMinutes, p.hourlyRatePence) ?? 0), 0)
            : costOf(worked, dayRate),
          hourlyRatePence: dayRate,
          flags: [...flags].sort(),
        };
      });
      const sum = (k: 'scheduledMinutes' | 'workedMinutes' | 'breakMinutes' | 'lateMinutes') =>
        days.reduce((s, d) => s + d[k], 0);
      list.push({
        userId: person.userId,
        name: person.name,
        hourlyRatePence: days.findLast((d) => d.hourlyRatePence !== null)?.hourlyRatePence ?? null,
        payrollNumber: opts.ownHours ? null : (person.payrollNumber ?? null),
        approval: approval ? { byName: approval.byName, at: approval.approvedAt.toISOString() } : null,
        days,
        totals: {
          scheduledMinutes: sum('scheduledMinutes'),
          workedMinutes: sum('workedMinutes'),
          breakMinutes: sum('breakMinutes'),
          lateMinutes: sum('lateMinutes'),
          costPence: days.every((d) => d.costPence === null)
            ? null
            : days.reduce((s, d) => s + (d.costPence ?? 0), 0),
        },
        entries: shown,
      });
    }
    return { weekStart, people: list };
  });
  return { from: period.from, to: period.to, weeks };
}

function weekOfDate(week: string): string {
  if (!isDate(week)) throw new AppError('BAD_REQUEST', 'The week must be a date such as 2026-11-09.');
  return mondayOf(week);
}

/** The question asked before approving a week that has not ended (its shifts under way or ahead). */
export function weekNotEndedQuestion(shiftsAhead: number) {
  const ahead =
    shiftsAhead === 0
      ? 'no shifts are still to come'
      : shiftsAhead === 1
        ? '1 shift is still to come'
        : `${shiftsAhead} shifts are still to come`;
  return `This week has not ended: ${ahead}. Approve anyway?`;
}

/** Approves one person's week, or every staff member's (and any admin who worked it) for the week. */
export async function approveWeek(services: S, viewer: Viewer, input: ApproveWeekInput) {
  const weekStart = weekOfDate(input.week);
  const report = await timesheetReport(services, viewer, {
    from: weekStart,
    to: weekStart,
    userId: input.userId,
  });
  const people = report.weeks[0]?.people ?? [];
  const { from, to } = londonWeekBounds(weekStart);
  const now = services.clock.now();
  if (now < to && !input.confirmNotEnded) {
    // Approving locks the week: with shifts still ahead, that is worth a second thought.
    const ids = new Set(people.map((p) => p.userId));
    const ahead = (
      await publishedShiftsBetween(services.db, { clubId: viewer.clubId, from, to, userId: input.userId })
    ).filter((s) => s.userId !== null && ids.has(s.userId) && s.endsAt > now).length;
    throw new AppError('CONFIRMATION_REQUIRED', weekNotEndedQuestion(ahead));
  }
  return services.db.transaction(async (tx) => {
    let approved = 0;
    for (const person of people) {
      await lockPersonWeek(tx, { clubId: viewer.clubId, userId: person.userId, weekStart });
      const open = await openEntryBetween(tx, { clubId: viewer.clubId, userId: person.userId, from, to });
      if (open) {
        throw new AppError(
          'CONFLICT',
          `${person.name} is still clocked in (since ${londonStamp(open.clockInAt)}): clock them out or correct the entry before approving the week.`,
        );
      }
      if (
        await insertApproval(tx, {
          clubId: viewer.clubId,
          userId: person.userId,
          weekStart,
          approvedBy: viewer.userId,
          approvedAt: now,
        })
      ) {
        approved += 1;
      }
    }
    return { approved };
  });
}

export async function reopenWeek(
  services: S,
  viewer: Viewer,
  { week, userId }: { week: string; userId: string },
) {
  const weekStart = weekOfDate(week);
  await services.db.transaction(async (tx) => {
    await lockPersonWeek(tx, { clubId: viewer.clubId, userId, weekStart });
    if (!(await deleteApproval(tx, { clubId: viewer.clubId, userId, weekStart }))) {
      throw notFound('An approval of that week');
    }
  });
}

type Tx = Parameters<Parameters<Services['db']['transaction']>[0]>[0];

/** Refuses a change to a person's time inside a week an admin has approved (until it is reopened). */
export async function assertWeekOpen(
  db: Tx | Services['db'],
  { clubId, userId, at, who }: { clubId: string; userId: string; at: Date; who: 'you' | 'admin' },
) {
  const weekStart = londonMondayOf(at);
  await lockPersonWeek(db, { clubId, userId, weekStart });
  if (await isWeekApproved(db, { clubId, userId, weekStart })) {
    throw new AppError(
      'CONFLICT',
      who === 'you'
        ? `Your hours for the week of ${formatShortDay(weekStart)} are approved and locked: ask an admin to reopen the week.`
        : `The week of ${formatShortDay(weekStart)} is approved and locked for this person: reopen it first to change it.`,
    );
  }
}

/**
 * Refuses a change to the rota that touches a person's approved week: a shift added to it, moved into
 * or out of it, removed from it or handed over in it (a shift counts in the week of its London start
 * day). The week's scheduled hours were approved as they stood; an admin reopens the week first.
 * Takes each person-week's lock, in one order, so an approval cannot slip in beside the change.
 */
export async function assertRotaWeeksOpen(
  db: Tx,
  clubId: string,
  touched: readonly { userId: string | null; startsAt: Date }[],
) {
  const weeks = new Map<string, { userId: string; weekStart: string }>();
  for (const t of touched) {
    if (!t.userId) continue;
    const weekStart = londonMondayOf(t.startsAt);
    weeks.set(`${t.userId}:${weekStart}`, { userId: t.userId, weekStart });
  }
  for (const key of [...weeks.keys()].sort()) {
    const week = weeks.get(key) as { userId: string; weekStart: string };
    await lockPersonWeek(db, { clubId, ...week });
    if (await isWeekApproved(db, { clubId, ...week })) {
      const [person] = await staffOfClub(db, { clubId, userIds: [week.userId] });
      throw new AppError(
        'CONFLICT',
        `${person?.name ?? 'This person'}’s timesheet for the week of ${formatShortDay(week.weekStart)} is approved, so their shifts in that week cannot change: reopen the week under Timesheets first.`,
      );
    }
  }
}

function checkTimes(v: { clockInAt: Date; clockOutAt: Date | null; breakMinutes: number }, now: Date) {
  if (v.clockInAt > now || (v.clockOutAt && v.clockOutAt > now)) {
    throw new AppError('BAD_REQUEST', 'Clock times cannot be in the future.');
  }
  if (!v.clockOutAt) return;
  const span = v.clockOutAt.getTime() - v.clockInAt.getTime();
  if (span <= 0) throw new AppError('BAD_REQUEST', 'The clock-out must be after the clock-in.');
  if (span > ROTA_LIMITS.shiftHoursMax * 3_600_000) {
    throw new AppError(
      'BAD_REQUEST',
      `A clock entry can be at most ${ROTA_LIMITS.shiftHoursMax} hours long.`,
    );
  }
  if (v.breakMinutes * MINUTE_MS >= span)
    throw new AppError('BAD_REQUEST', 'The break must be shorter than the time clocked.');
}

async function refuseOverlap(
  tx: Tx,
  args: { clubId: string; userId: string; from: Date; to: Date | null; exceptId?: string },
) {
  const other = await overlappingEntry(tx, {
    clubId: args.clubId,
    userId: args.userId,
    from: args.from,
    to: args.to ?? new Date(8.64e15),
    exceptId: args.exceptId,
  });
  if (other) {
    throw new AppError(
      'CONFLICT',
      `This overlaps another clock entry of the same person, from ${londonStamp(other.clockInAt)}${other.clockOutAt ? ` to ${londonStamp(other.clockOutAt)}` : ' (still open)'} (London time).`,
    );
  }
}

/** An admin's correction of a clock entry, kept with who, when, why and the values before and after. */
export async function correctEntry(
  services: S,
  viewer: Viewer,
  { entryId, input }: { entryId: string; input: ClockEntryCorrectionInput },
) {
  const now = services.clock.now();
  const clubId = viewer.clubId;
  const row = await services.db.transaction(async (tx) => {
    const entry = await clockEntryForUpdate(tx, { clubId, entryId });
    if (!entry) throw notFound('The clock entry');
    const next = {
      clockInAt: input.clockInAt ? new Date(input.clockInAt) : entry.clockInAt,
      clockOutAt: input.clockOutAt ? new Date(input.clockOutAt) : entry.clockOutAt,
      breakMinutes: input.breakMinutes ?? entry.breakMinutes,
    };
    checkTimes(next, now);
    for (const at of new Set([londonMondayOf(entry.clockInAt), londonMondayOf(next.clockInAt)])) {
      await assertWeekOpen(tx, { clubId, userId: entry.userId, at: londonWeekBounds(at).from, who: 'admin' });
    }
    await refuseOverlap(tx, {
      clubId,
      userId: entry.userId,
      from: next.clockInAt,
      to: next.clockOutAt,
      exceptId: entry.id,
    });
    const before = valuesOf(entry);
    const after = valuesOf(next);
    await updateClockEntry(tx, {
      clubId,
      entryId: entry.id,
      values: { ...next, breakStartedAt: next.clockOutAt ? null : entry.breakStartedAt },
    });
    await insertCorrection(tx, {
      clubId,
      entryId: entry.id,
      correctedBy: viewer.userId,
      correctedAt: now,
      reason: input.reason,
      before,
      after,
    });
    return { userId: entry.userId, clockInAt: next.clockInAt, id: entry.id };
  });
  return { entry: await shownEntry(services, viewer, row) };
}

/** A clock entry the person forgot to make, added by an admin with a reason. */
export async function addEntry(services: S, viewer: Viewer, input: ClockEntryAddInput) {
  const now = services.clock.now();
  const clubId = viewer.clubId;
  const [person] = await staffOfClub(services.db, { clubId, userIds: [input.userId] });
  if (!person) throw notFound('The staff member');
  const values = {
    clockInAt: new Date(input.clockInAt),
    clockOutAt: new Date(input.clockOutAt),
    breakMinutes: input.breakMinutes,
  };
  checkTimes(values, now);
  const row = await services.db.transaction(async (tx) => {
    await assertWeekOpen(tx, { clubId, userId: input.userId, at: values.clockInAt, who: 'admin' });
    await refuseOverlap(tx, { clubId, userId: input.userId, from: values.clockInAt, to: values.clockOutAt });
    const shift = await shiftNear(tx, { clubId, userId: input.userId, at: values.clockInAt });
    const created = await insertClockEntry(tx, {
      clubId,
      userId: input.userId,
      shiftId: shift?.id ?? null,
      ...values,
      flags: shift ? [] : ['no_shift_near'],
    });
    await insertCorrection(tx, {
      clubId,
      entryId: created.id,
      correctedBy: viewer.userId,
      correctedAt: now,
      reason: input.reason,
      before: null,
      after: valuesOf(values),
    });
    return created;
  });
  return { entry: await shownEntry(services, viewer, row) };
}

async function shownEntry(
  services: S,
  viewer: Viewer,
  row: { userId: string; clockInAt: Date; id: string },
): Promise<TimesheetEntry> {
  const day = londonDay(row.clockInAt);
  const report = await timesheetReport(services, viewer, { from: day, to: day, userId: row.userId });
  const entry = report.weeks[0]?.people[0]?.entries.find((e) => e.id === row.id);
  if (!entry) throw new Error('corrected entry not found in its own week');
  return entry;
}
