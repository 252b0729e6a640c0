import type { RotaWeek } from '@lastman/api';
import { formatDay } from '@lastman/api/format';
import { laterByLondonDays, londonDay, londonMondayOf, londonWeekBounds } from '@lastman/api/time';
import { sqlState } from '../../../db/pg-errors.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { clubOccurrences, listMatchesInRange } from '../../content/index.ts';
import { notifyUsers } from '../../notifications/index.ts';
import { absencesOf } from '../leave/queries.ts';
import { toAbsence } from '../leave/service.ts';
import { nextRate, payRate, positionRatesByName, rateChangesOf, rateOn } from '../pay/rates.ts';
import { staffOfClub } from '../people/queries.ts';
import { isWeekApproved } from '../timesheets/queries.ts';
import { assertRotaWeeksOpen } from '../timesheets/service.ts';
import {
  insertShift,
  overlappingShift,
  personShiftsAround,
  publishDrafts,
  type ShiftRow,
  shiftsBetween,
} from './queries.ts';
import { absenceWarning, toShift, WEEK_MS, type WithClock } from './service.ts';
import { workingTimeWarnings } from './working-time.ts';

/** The Monday of the week asked for, or of this week. */
function weekAskedFor(services: WithClock, week: string | undefined): string {
  return londonMondayOf(week ? new Date(`${week}T12:00:00Z`) : services.clock.now());
}

/** The whole club's week for an admin: every shift with its warnings and cost, and the staff. */
export async function rotaWeek(
  services: WithClock,
  viewer: Viewer,
  { week }: { week?: string },
): Promise<RotaWeek> {
  const monday = weekAskedFor(services, week);
  const today = londonDay(services.clock.now());
  const { from, to } = londonWeekBounds(monday);
  const [rows, staff, rates, positionRates, absences, happenings] = await Promise.all([
    shiftsBetween(services.db, { clubId: viewer.clubId, from, to }),
    staffOfClub(services.db, { clubId: viewer.clubId }),
    rateChangesOf(services.db, { clubId: viewer.clubId }),
    positionRatesByName(services.db, { clubId: viewer.clubId }),
    absencesOf(services.db, { clubId: viewer.clubId, from, to }),
    weekHappenings(services, viewer.clubId, from, to),
  ]);
  const absent = (userId: string, s: ShiftRow) =>
    absences.find(
      ({ absence: a }) =>
        a.userId === userId && a.status === 'approved' && a.startsAt < s.endsAt && a.endsAt > s.startsAt,
    )?.absence;
  const dob = new Map(staff.map((s) => [s.userId, s.dateOfBirth]));
  // Neighbours for every person on the rota this week, read once: 17 weeks back, a week ahead.
  const people = [...new Set(rows.map((r) => r.shift.userId).filter((u): u is string => u !== null))];
  const around = new Map<string, Awaited<ReturnType<typeof personShiftsAround>>>();
  await Promise.all(
    people.map(async (userId) => {
      around.set(
        userId,
        await personShiftsAround(services.db, {
          clubId: viewer.clubId,
          userId,
          from: new Date(from.getTime() - 18 * WEEK_MS),
          to: new Date(to.getTime() + WEEK_MS),
        }),
      );
    }),
  );
  const shifts = rows.map(({ shift, staffName }) => {
    const away = shift.userId ? absent(shift.userId, shift) : undefined;
    const warnings = shift.userId
      ? [
          ...workingTimeWarnings(
            shift,
            (around.get(shift.userId) ?? []).filter((o) => o.id !== shift.id),
            dob.get(shift.userId) ?? null,
          ),
          ...(away ? [absenceWarning(away)] : []),
        ]
      : [];
    const rate = shift.userId
      ? payRate(rates, positionRates, {
          userId: shift.userId,
          day: londonDay(shift.startsAt),
          position: shift.position,
        })
      : (positionRates.get(shift.position) ?? null);
    return toShift(shift, staffName, warnings, rate);
  });
  return {
    week: monday,
    shifts,
    staff: staff.map((s) => ({
      userId: s.userId,
      name: s.name,
      role: s.role,
      hourlyRatePence: rateOn(rates, s.userId, today),
      nextRate: nextRate(rates, s.userId, today),
      payrollNumber: s.payrollNumber ?? null,
    })),
    drafts: shifts.filter((s) => s.status === 'draft').length,
    totalCostPence: shifts.reduce((sum, s) => sum + (s.costPence ?? 0), 0),
    absences: absences
      .filter(({ absence }) => absence.status !== 'refused')
      .map(({ absence, staffName }) => toAbsence(absence, staffName)),
    happenings,
  };
}

/** What is coming in the week beside the shifts: the club's events and every Premier League kick-off. */
async function weekHappenings(services: Pick<Services, 'db'>, clubId: string, from: Date, to: Date) {
  const [events, matches] = await Promise.all([
    clubOccurrences(services, { clubId, from, to }),
    listMatchesInRange(services.db, { from, to }),
  ]);
  return [
    ...events
      .filter((e) => e.event !== null)
      .map(({ occurrence }) => ({
        kind: 'event' as const,
        id: occurrence.id,
        title: occurrence.title,
        startsAt: occurrence.startsAt,
      })),
    ...matches.map((m) => ({
      kind: 'match' as const,
      id: m.id,
      title: `${m.homeName} v ${m.awayName}${m.kickoffTbc ? ' (kick-off to be confirmed)' : ''}`,
      startsAt: m.kickoffAt.toISOString(),
    })),
  ].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** Publishes a week's drafts; each person with a new or changed shift hears of it, in the same transaction. */
export async function publishWeek(
  services: WithClock & Pick<Services, 'notifier' | 'registries'>,
  viewer: Viewer,
  { week }: { week: string },
) {
  const monday = weekAskedFor(services, week);
  const { from, to } = londonWeekBounds(monday);
  const published = await services.db.transaction(async (tx) => {
    // A draft published into an approved week would change the hours it was approved with.
    const drafts = (await shiftsBetween(tx, { clubId: viewer.clubId, from, to }))
      .map((r) => r.shift)
      .filter((d) => d.status === 'draft');
    await assertRotaWeeksOpen(tx, viewer.clubId, drafts);
    const rows = await publishDrafts(tx, { clubId: viewer.clubId, from, to, at: services.clock.now() });
    const changed = new Map<string, number>();
    for (const r of rows) if (r.userId) changed.set(r.userId, (changed.get(r.userId) ?? 0) + 1);
    await notifyUsers(
      { db: tx, clock: services.clock, registries: services.registries },
      {
        clubId: viewer.clubId,
        kind: 'rota',
        title: 'Your shifts are out',
        body: '',
        messages: [...changed].map(([userId, n]) => ({
          userId,
          body: `${n} new or changed shift${n === 1 ? '' : 's'} in the week of ${formatDay(monday)}.`,
          link: '/staffschedules?view=mine',
        })),
      },
    );
    return rows;
  });
  void services.notifier.kick();
  return { published: published.length };
}

/** Copies last week's shifts (or any week's) into another week as drafts, skipping any that would overlap. */
export async function copyWeek(services: WithClock, viewer: Viewer, input: { from: string; to: string }) {
  const source = londonWeekBounds(weekAskedFor(services, input.from));
  const target = londonWeekBounds(weekAskedFor(services, input.to));
  if (source.from.getTime() === target.from.getTime())
    throw new AppError('BAD_REQUEST', 'Choose a different week to copy into.');
  const rows = await shiftsBetween(services.db, { clubId: viewer.clubId, from: source.from, to: source.to });
  let copied = 0;
  let skipped = 0;
  for (const { shift } of rows) {
    // By London wall-clock time, so a shift at 18:00 stays at 18:00 across a clock change.
    const days = Math.round((target.from.getTime() - source.from.getTime()) / 86_400_000);
    const move = (d: Date) => laterByLondonDays(d, days);
    const values = { startsAt: move(shift.startsAt), endsAt: move(shift.endsAt) };
    // Nothing new lands in a person's approved week: such a shift is skipped like an overlapping one.
    if (
      shift.userId &&
      (await isWeekApproved(services.db, {
        clubId: viewer.clubId,
        userId: shift.userId,
        weekStart: londonMondayOf(values.startsAt),
      }))
    ) {
      skipped++;
      continue;
    }
    if (shift.userId) {
      const other = await overlappingShift(services.db, {
        clubId: viewer.clubId,
        userId: shift.userId,
        ...values,
      });
      if (other) {
        skipped++;
        continue;
      }
    }
    try {
      await insertShift(services.db, {
        clubId: viewer.clubId,
        userId: shift.userId,
        ...values,
        position: shift.position,
        breakMinutes: shift.breakMinutes,
        notes: shift.notes,
      });
      copied++;
    } catch (err) {
      if (sqlState(err) !== '23P01') throw err;
      skipped++;
    }
  }
  return { copied, skipped };
}
