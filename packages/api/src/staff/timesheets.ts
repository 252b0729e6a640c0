import { z } from 'zod';
import { Id, IsoDate, requiredText } from '../common.ts';
import { ROTA_LIMITS } from './rules.ts';

/** The most days one timesheet request covers (about a quarter). */
export const TIMESHEET_MAX_DAYS = 93;

/**
 * The CSV layouts: ours, and payroll tools whose import format is documented
 * (docs/decisions/018-timesheets-weeks-locks-and-payroll-csv.md).
 */
export const TIMESHEET_LAYOUTS = ['generic', 'brightpay', 'sage50'] as const;
export const TimesheetLayout = z.enum(TIMESHEET_LAYOUTS);
export type TimesheetLayout = z.infer<typeof TimesheetLayout>;

const Instant = z.iso.datetime({
  offset: true,
  error: 'must be a date and time such as 2026-11-28T18:00:00Z',
});

const period = {
  from: IsoDate.describe('First London day (widened to its Monday)'),
  to: IsoDate.describe(
    `Last London day (widened to its Sunday); at most ${TIMESHEET_MAX_DAYS} days after from`,
  ),
};

export const TimesheetQuery = z
  .object({
    ...period,
    userId: Id.optional(),
    format: z.enum(['json', 'csv']).optional().describe('csv: the same as Accept: text/csv'),
    layout: TimesheetLayout.optional().describe('The CSV layout (generic unless given)'),
    sagePayment: z
      .string()
      .regex(/^\d{1,4}$/, 'must be the number of a payment in Sage 50 Payroll, such as 1')
      .optional()
      .describe('sage50 layout: the Sage payment number the hours are paid under (required for it)'),
  })
  .strict();
export type TimesheetQuery = z.infer<typeof TimesheetQuery>;

export const MyTimesheetQuery = z.object(period).strict();

export const ClockEntryValues = z
  .object({ clockInAt: z.string(), clockOutAt: z.string().nullable(), breakMinutes: z.int() })
  .meta({ id: 'ClockEntryValues' });

export const ClockEntryCorrection = z
  .object({
    id: z.string(),
    byUserId: z.string().nullable(),
    byName: z.string().nullable(),
    at: z.string(),
    reason: z.string(),
    /** null: the entry was added by an admin. */
    before: ClockEntryValues.nullable(),
    after: ClockEntryValues,
  })
  .meta({ id: 'ClockEntryCorrection' });
export type ClockEntryCorrection = z.infer<typeof ClockEntryCorrection>;

export const TimesheetEntry = z
  .object({
    id: z.string(),
    date: z.string(),
    clockInAt: z.string(),
    clockOutAt: z.string().nullable(),
    breakMinutes: z.int(),
    /** null while the entry is still open (not counted). */
    workedMinutes: z.int().nullable(),
    lateMinutes: z.int(),
    shiftId: z.string().nullable(),
    /**
     * The position the time is paid as: its shift's, else the person's usual one (their latest
     * published shift before the clock-in); null when they have none.
     */
    position: z.string().nullable(),
    /**
     * The rate it is paid at: the person's own that day, else the position's; null when neither is
     * set, and always for staff looking at their own hours.
     */
    hourlyRatePence: z.int().nullable(),
    flags: z.array(z.string()),
    corrections: z.array(ClockEntryCorrection),
  })
  .meta({ id: 'TimesheetEntry' });
export type TimesheetEntry = z.infer<typeof TimesheetEntry>;

const minutes = {
  scheduledMinutes: z.int(),
  workedMinutes: z.int(),
  breakMinutes: z.int(),
  lateMinutes: z.int(),
  /** null when no hourly rate is set, and always for staff looking at their own hours. */
  costPence: z.int().nullable(),
};

export const TimesheetDay = z
  .object({
    date: z.string(),
    ...minutes,
    /**
     * The rate the day's worked time is paid at (the person's own that day, else the position's); on a
     * day without worked time, the rate its first shift would be paid at. null as for the week, and
     * when the day's time is paid at more than one rate (each entry carries its own).
     */
    hourlyRatePence: z.int().nullable(),
    flags: z.array(z.string()),
  })
  .meta({ id: 'TimesheetDay' });
export type TimesheetDay = z.infer<typeof TimesheetDay>;

export const TimesheetPersonWeek = z
  .object({
    userId: z.string(),
    name: z.string(),
    /**
     * The rate of the last day of the week that has one (each day carries its own); null when none is
     * set, and always for staff looking at their own hours.
     */
    hourlyRatePence: z.int().nullable(),
    /** The employee number in the club's payroll software; null when none is set, and for staff. */
    payrollNumber: z.string().nullable(),
    approval: z.object({ byName: z.string().nullable(), at: z.string() }).nullable(),
    days: z.array(TimesheetDay),
    totals: z.object(minutes),
    entries: z.array(TimesheetEntry),
  })
  .meta({ id: 'TimesheetPersonWeek' });
export type TimesheetPersonWeek = z.infer<typeof TimesheetPersonWeek>;

export const TimesheetReport = z
  .object({
    from: z.string(),
    to: z.string(),
    weeks: z.array(z.object({ weekStart: z.string(), people: z.array(TimesheetPersonWeek) })),
  })
  .meta({ id: 'TimesheetReport' });
export type TimesheetReport = z.infer<typeof TimesheetReport>;

export const ApproveWeekInput = z
  .object({
    week: IsoDate,
    userId: Id.optional().describe('Leave out to approve the whole staff'),
    confirmNotEnded: z
      .literal(true)
      .optional()
      .describe(
        'Required to approve a week that has not ended yet; without it such a request is answered 409 CONFIRMATION_REQUIRED with the question to ask',
      ),
  })
  .strict();
export type ApproveWeekInput = z.infer<typeof ApproveWeekInput>;
export const ApproveWeekResult = z.object({ approved: z.int() });
export const ApprovalParams = z.object({ week: IsoDate, userId: Id });

const correctionReason = requiredText(ROTA_LIMITS.notesMax, 'is required: say why the entry changes');
const breakMinutes = z.int().min(0).max(ROTA_LIMITS.breakMinutesMax);

export const ClockEntryCorrectionInput = z
  .object({
    clockInAt: Instant.optional(),
    clockOutAt: Instant.optional(),
    breakMinutes: breakMinutes.optional(),
    reason: correctionReason,
  })
  .strict();
export type ClockEntryCorrectionInput = z.infer<typeof ClockEntryCorrectionInput>;

export const ClockEntryAddInput = z
  .object({ userId: Id, clockInAt: Instant, clockOutAt: Instant, breakMinutes, reason: correctionReason })
  .strict();
export type ClockEntryAddInput = z.infer<typeof ClockEntryAddInput>;

export const ClockEntryIdParams = z.object({ id: Id });
export const CorrectedEntry = z.object({ entry: TimesheetEntry });
