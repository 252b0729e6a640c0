import type { WorkingTimeWarning } from '@lastman/api';
import { hoursWords } from '@lastman/api/format';
import { isDate, londonDay, londonMondayOf, londonWeekBounds } from '@lastman/api/time';

// The UK Working Time Regulations 1998 as warnings on a rota: the admin sees each one and may keep
// the shift with a reason. Young workers (under 18 on the shift's day) have the stricter limits.

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface ShiftTimes {
  id?: string;
  startsAt: Date;
  endsAt: Date;
  breakMinutes: number;
}

/** Hours worked in a shift: its length less its break, never below zero. */
export function workedHours(s: ShiftTimes): number {
  return Math.max(0, (s.endsAt.getTime() - s.startsAt.getTime() - s.breakMinutes * MINUTE_MS) / HOUR_MS);
}

/** Whether the person is under 18 on the (London) day the shift starts. */
export function isYoungWorker(dateOfBirth: string | null, at: Date): boolean {
  if (!dateOfBirth) return false;
  const day = londonDay(at);
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const eighteenth = `${String(y + 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // 29 February birthdays: the eighteenth birthday is 1 March in a common year.
  const valid = isDate(eighteenth) ? eighteenth : `${String(y + 18).padStart(4, '0')}-03-01`;
  return day < valid;
}

/**
 * The warnings for one shift, given the same person's other shifts (any status) from at least 17
 * weeks before it to a day after, and their date of birth.
 */
export function workingTimeWarnings(
  shift: ShiftTimes,
  others: readonly ShiftTimes[],
  dateOfBirth: string | null,
): WorkingTimeWarning[] {
  const young = isYoungWorker(dateOfBirth, shift.startsAt);
  const warnings: WorkingTimeWarning[] = [];
  const mine = others.filter((o) => o.id === undefined || o.id !== shift.id);

  const restHours = young ? 12 : 11;
  for (const o of mine) {
    const gap =
      o.endsAt <= shift.startsAt
        ? shift.startsAt.getTime() - o.endsAt.getTime()
        : o.startsAt >= shift.endsAt
          ? o.startsAt.getTime() - shift.endsAt.getTime()
          : null;
    if (gap !== null && gap < restHours * HOUR_MS) {
      warnings.push({
        code: 'REST_BETWEEN_SHIFTS',
        message: `Only ${hoursWords(Math.round((gap / HOUR_MS) * 10) / 10)} between this shift and another: ${
          young ? 'a worker under 18 needs 12 hours' : 'the law expects 11 hours'
        } of rest between working days.`,
      });
      break;
    }
  }

  const lengthHours = (shift.endsAt.getTime() - shift.startsAt.getTime()) / HOUR_MS;
  const [breakAfter, breakNeeded] = young ? [4.5, 30] : [6, 20];
  if (lengthHours > breakAfter && shift.breakMinutes < breakNeeded) {
    warnings.push({
      code: 'BREAK_TOO_SHORT',
      message: `A shift over ${hoursWords(breakAfter)} needs a break of at least ${breakNeeded} minutes${
        young ? ' for a worker under 18' : ''
      }; this one has ${shift.breakMinutes}.`,
    });
  }

  if (young) {
    const day = londonDay(shift.startsAt);
    const sameDay = [shift, ...mine].filter((s) => londonDay(s.startsAt) === day);
    const daily = sameDay.reduce((sum, s) => sum + workedHours(s), 0);
    if (daily > 8) {
      warnings.push({
        code: 'YOUNG_DAILY',
        message: `${hoursWords(Math.round(daily * 10) / 10)} on ${day}: a worker under 18 may work at most 8 hours a day.`,
      });
    }
    const week = londonWeekBounds(londonMondayOf(shift.startsAt));
    const weekly = [shift, ...mine]
      .filter((s) => s.startsAt >= week.from && s.startsAt < week.to)
      .reduce((sum, s) => sum + workedHours(s), 0);
    if (weekly > 40) {
      warnings.push({
        code: 'YOUNG_WEEKLY',
        message: `${hoursWords(Math.round(weekly * 10) / 10)} this week: a worker under 18 may work at most 40 hours a week.`,
      });
    }
  } else {
    // 48 hours a week on average over the 17 weeks ending with this shift's week.
    const end = londonWeekBounds(londonMondayOf(shift.startsAt)).to;
    const start = new Date(end.getTime() - 17 * 7 * 24 * HOUR_MS);
    const total = [shift, ...mine]
      .filter((s) => s.startsAt >= start && s.startsAt < end)
      .reduce((sum, s) => sum + workedHours(s), 0);
    const average = total / 17;
    if (average > 48) {
      warnings.push({
        code: 'WEEKLY_AVERAGE',
        message: `${hoursWords(Math.round(average * 10) / 10)} a week on average over 17 weeks: the limit is 48 unless the person has opted out in writing.`,
      });
    }
  }
  return warnings;
}
