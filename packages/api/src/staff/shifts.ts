import { z } from 'zod';
import { Id, IsoDate, plainText, requiredName } from '../common.ts';
import { ROTA_LIMITS } from '../game/rules.ts';
import { Absence, WeekHappening } from './extras.ts';

/** An instant as the API takes it: ISO 8601 with an offset (`Z` or `+01:00`), stored in UTC. */
const Instant = z.iso.datetime({
  offset: true,
  error: 'must be a date and time such as 2026-11-28T18:00:00Z',
});

const shiftFields = {
  /** null: an open shift any staff member may claim. */
  userId: Id.nullable(),
  startsAt: Instant,
  endsAt: Instant,
  position: requiredName(ROTA_LIMITS.positionMax),
  breakMinutes: z.int().min(0).max(ROTA_LIMITS.breakMinutesMax),
  notes: plainText(ROTA_LIMITS.notesMax).trim().optional(),
  /** Why the admin keeps a shift the Working Time Regulations warn about; kept with the shift. */
  overrideReason: plainText(ROTA_LIMITS.notesMax).trim().optional(),
};

export const ShiftInput = z.object(shiftFields).strict();
export type ShiftInput = z.infer<typeof ShiftInput>;
export const ShiftUpdate = z.object(shiftFields).partial().strict();
export type ShiftUpdate = z.infer<typeof ShiftUpdate>;

export const WorkingTimeWarning = z
  .object({
    code: z.enum([
      'REST_BETWEEN_SHIFTS',
      'BREAK_TOO_SHORT',
      'WEEKLY_AVERAGE',
      'YOUNG_DAILY',
      'YOUNG_WEEKLY',
      'UNAVAILABLE',
    ]),
    message: z.string(),
  })
  .meta({ id: 'WorkingTimeWarning' });
export type WorkingTimeWarning = z.infer<typeof WorkingTimeWarning>;

export const Shift = z
  .object({
    id: z.string(),
    userId: z.string().nullable(),
    staffName: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    position: z.string(),
    breakMinutes: z.int(),
    notes: z.string().nullable(),
    status: z.enum(['draft', 'published']),
    /** Only in admins' answers: the shift's cost at the person's hourly rate, when one is set. */
    costPence: z.int().nullable().optional(),
    overrideReason: z.string().nullable(),
    warnings: z.array(WorkingTimeWarning),
  })
  .meta({ id: 'Shift' });
export type Shift = z.infer<typeof Shift>;

export const ShiftCreated = z.object({ shift: Shift });
export const WeekQuery = z.object({ week: IsoDate.optional() }).strict();
export type WeekQuery = z.infer<typeof WeekQuery>;

export const StaffMember = z
  .object({
    userId: z.string(),
    name: z.string(),
    role: z.string(),
    /** The person's own rate today (null: their position's, if any). */
    hourlyRatePence: z.int().nullable(),
    /** A change set ahead: the rate from a later London day. */
    nextRate: z.object({ from: z.string(), hourlyRatePence: z.int().nullable() }).nullable(),
    payrollNumber: z.string().nullable(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;

export const RotaWeek = z
  .object({
    /** The Monday the week starts on (London time), YYYY-MM-DD. */
    week: z.string(),
    shifts: z.array(Shift),
    staff: z.array(StaffMember),
    drafts: z.int(),
    totalCostPence: z.int(),
    /** Leave (asked for or approved) and unavailability in the week. */
    absences: z.array(Absence),
    /** The club's events and Premier League kick-offs in the week. */
    happenings: z.array(WeekHappening),
  })
  .meta({ id: 'RotaWeek' });
export type RotaWeek = z.infer<typeof RotaWeek>;

export const PublishWeekInput = z.object({ week: IsoDate }).strict();
export const PublishWeekResult = z.object({ published: z.int() });
export const CopyWeekInput = z.object({ from: IsoDate, to: IsoDate }).strict();
export const CopyWeekResult = z.object({ copied: z.int(), skipped: z.int() });

export const PayRateInput = z
  .object({
    hourlyRatePence: z.int().min(0).max(100_000).nullable(),
    from: IsoDate.optional().describe(
      'The first London day the rate applies to; without it, today (or, for a first rate, all hours)',
    ),
  })
  .strict();
export const PayRateSet = z.object({ effectiveFrom: z.string() });

/** An employee number as payroll software keeps it: letters and digits, at most 20. */
export const PayrollNumberInput = z
  .object({
    payrollNumber: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/,
        'must be 1 to 20 letters, digits or dashes (starting with a letter or digit), as your payroll software shows it',
      )
      .nullable(),
  })
  .strict();

export const ShiftIdParams = z.object({ id: Id });
/** Where a dragged shift lands: a person (null: open) and a London day; its London times are kept. */
export const ShiftPlacement = z
  .object({
    userId: Id.nullable().describe('The staff member the shift goes to; null leaves it open for anyone'),
    day: IsoDate.describe('The London day it starts on; its London start and end times stay as they were'),
  })
  .strict();
export type ShiftPlacement = z.infer<typeof ShiftPlacement>;
export const ShiftCheck = z.object({ warnings: z.array(WorkingTimeWarning), overlap: z.string().nullable() });
export type ShiftCheck = z.infer<typeof ShiftCheck>;
export const ShiftCheckInput = z.object({ ...shiftFields, id: Id.optional() }).strict();
export const StaffShifts = z
  .object({ shifts: z.array(Shift), open: z.array(Shift) })
  .meta({ id: 'StaffShifts' });
export type StaffShifts = z.infer<typeof StaffShifts>;

// Clock-in
export const ClockCode = z
  .object({ token: z.string(), expiresAt: z.string(), url: z.string() })
  .meta({ id: 'ClockCode' });
export type ClockCode = z.infer<typeof ClockCode>;
export const ClockInInput = z.object({ token: z.string().max(200).optional() }).strict();
export const ClockEntry = z
  .object({
    id: z.string(),
    userId: z.string(),
    clockInAt: z.string(),
    clockOutAt: z.string().nullable(),
    breakMinutes: z.int(),
    onBreakSince: z.string().nullable(),
    shiftId: z.string().nullable(),
    flags: z.array(z.enum(['no_shift_near', 'auto_closed', 'without_code'])),
  })
  .meta({ id: 'ClockEntry' });
export type ClockEntry = z.infer<typeof ClockEntry>;
export const ClockStatus = z
  .object({ open: ClockEntry.nullable(), canClockWithoutCode: z.boolean(), recent: z.array(ClockEntry) })
  .meta({ id: 'ClockStatus' });
export type ClockStatus = z.infer<typeof ClockStatus>;
export const TillInput = z.object({ name: requiredName(60) }).strict();
export const Till = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string() })
  .meta({ id: 'Till' });
export const TillCreated = z.object({ till: Till, url: z.string() });
export const TillList = z.object({ tills: z.array(Till) });
export const TillIdParams = z.object({ id: Id });
export const ClockSettingInput = z.object({ clockWithoutCode: z.boolean() }).strict();
