import { z } from 'zod';
import { Id, IsoDate, plainText, requiredName } from '../common.ts';
import { Absence } from './leave.ts';
import { ROTA_LIMITS } from './rules.ts';

/** An instant as the API takes it: ISO 8601 with an offset (`Z` or `+01:00`), stored in UTC. */
const Instant = z.iso.datetime({
  offset: true,
  error: 'must be a date and time such as 2026-11-28T18:00:00Z',
});

/** A London time of day, HH:MM. */
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 18:00');

// What is coming in the week
export const WeekHappening = z
  .object({
    kind: z.enum(['event', 'match']),
    id: z.string(),
    title: z.string(),
    startsAt: z.string(),
  })
  .meta({ id: 'WeekHappening' });
export type WeekHappening = z.infer<typeof WeekHappening>;

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

// Shift templates
export const ShiftTemplateInput = z
  .object({
    name: requiredName(60),
    position: requiredName(ROTA_LIMITS.positionMax),
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    breakMinutes: z.int().min(0).max(ROTA_LIMITS.breakMinutesMax),
  })
  .strict();
export type ShiftTemplateInput = z.infer<typeof ShiftTemplateInput>;
export const ShiftTemplate = z
  .object({
    id: z.string(),
    name: z.string(),
    position: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    breakMinutes: z.int(),
  })
  .meta({ id: 'ShiftTemplate' });
export type ShiftTemplate = z.infer<typeof ShiftTemplate>;
export const ShiftTemplateList = z.object({ templates: z.array(ShiftTemplate) });
export const ShiftTemplateCreated = z.object({ template: ShiftTemplate });
export const TemplateIdParams = z.object({ id: Id });

// Calendar
export const ShiftFeed = z.object({ url: z.string() });
export const ShiftFeedParams = z.object({ token: z.string().max(200) });
