import { z } from 'zod';
import { Id, IsoDate, plainText, requiredName } from '../common.ts';
import { ROTA_LIMITS } from '../game/rules.ts';

const Instant = z.iso.datetime({
  offset: true,
  error: 'must be a date and time such as 2026-11-28T18:00:00Z',
});
/** A London time of day, HH:MM. */
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 18:00');

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

// Unavailability and leave
export const AbsenceInput = z
  .object({
    kind: z.enum(['leave', 'unavailable']),
    /** Whole days: the first and the last day (inclusive), London dates; or else startsAt and endsAt. */
    fromDay: IsoDate.optional().describe(
      'First whole London day (with toDay): the absence runs from its London midnight',
    ),
    toDay: IsoDate.optional().describe(
      'Last whole London day, included: the absence runs to the London midnight after it',
    ),
    startsAt: Instant.optional().describe('For part of a day: the start (with endsAt), instead of the days'),
    endsAt: Instant.optional(),
    reason: plainText(ROTA_LIMITS.notesMax).trim().optional(),
    /** For leave: the hours it takes from the holiday balance (0.25 steps). */
    hours: z.number().min(0).max(400).multipleOf(0.25).optional(),
  })
  .strict();
export type AbsenceInput = z.infer<typeof AbsenceInput>;
export const Absence = z
  .object({
    id: z.string(),
    userId: z.string(),
    staffName: z.string().nullable(),
    kind: z.enum(['leave', 'unavailable']),
    startsAt: z.string(),
    endsAt: z.string(),
    /**
     * The whole London days it covers (first and last, inclusive) when it runs from one London
     * midnight to another; null for part of a day.
     */
    days: z.object({ from: z.string(), to: z.string() }).nullable(),
    reason: z.string().nullable(),
    hours: z.number(),
    status: z.enum(['pending', 'approved', 'refused']),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'Absence' });
export type Absence = z.infer<typeof Absence>;
export const AbsenceList = z.object({ absences: z.array(Absence) });
export const AbsenceCreated = z.object({ absence: Absence });
export const AbsenceIdParams = z.object({ id: Id });
export const AbsenceDecision = z
  .object({
    approve: z.boolean(),
    confirmNegativeBalance: z
      .literal(true)
      .optional()
      .describe(
        'Required to approve leave that takes the holiday balance below zero; without it such a request is answered 409 CONFIRMATION_REQUIRED with the figure',
      ),
  })
  .strict();

// Swaps
export const SwapInput = z
  .object({
    /** The colleague; leave out to give the shift to anyone on the staff who takes it first. */
    toUserId: Id.optional(),
    /** The colleague's shift to take in exchange; leave out to give the shift away. */
    otherShiftId: Id.optional(),
  })
  .strict()
  .refine((v) => v.toUserId !== undefined || v.otherShiftId === undefined, {
    message: 'A swap for another shift names the colleague whose shift it is.',
    path: ['toUserId'],
  });
export type SwapInput = z.infer<typeof SwapInput>;
const SwapShift = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  position: z.string(),
});
export const ShiftSwap = z
  .object({
    id: z.string(),
    shift: SwapShift,
    otherShift: SwapShift.nullable(),
    fromUserId: z.string(),
    fromName: z.string().nullable(),
    /** null: offered to anyone on the staff, until someone takes it. */
    toUserId: z.string().nullable(),
    toName: z.string().nullable(),
    status: z.enum(['offered', 'accepted', 'approved', 'declined', 'refused', 'withdrawn']),
    createdAt: z.string(),
  })
  .meta({ id: 'ShiftSwap' });
export type ShiftSwap = z.infer<typeof ShiftSwap>;
export const ShiftSwapList = z.object({ swaps: z.array(ShiftSwap) });
export const ShiftSwapCreated = z.object({ swap: ShiftSwap });
export const SwapIdParams = z.object({ id: Id });
export const SwapAnswer = z.object({ accept: z.boolean() }).strict();
export const SwapDecision = z.object({ approve: z.boolean() }).strict();
/** A colleague to offer a shift to: their name and their own coming published shifts, nothing else. */
export const Colleague = z
  .object({ userId: z.string(), name: z.string(), shifts: z.array(SwapShift) })
  .meta({ id: 'Colleague' });
export type Colleague = z.infer<typeof Colleague>;
export const ColleagueList = z.object({ colleagues: z.array(Colleague) });

// Holiday
export const HolidayBalance = z
  .object({
    userId: z.string(),
    name: z.string(),
    /** Hours worked in closed clock entries, breaks taken off. */
    hoursWorked: z.number(),
    /** 12.07% of the hours worked. */
    accruedHours: z.number(),
    /** Approved leave. */
    takenHours: z.number(),
    balanceHours: z.number(),
  })
  .meta({ id: 'HolidayBalance' });
export type HolidayBalance = z.infer<typeof HolidayBalance>;
export const HolidayBalanceList = z.object({ balances: z.array(HolidayBalance) });

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

// Calendar
export const ShiftFeed = z.object({ url: z.string() });
export const ShiftFeedParams = z.object({ token: z.string().max(200) });

// Pay rate per position
export const PositionRate = z
  .object({ position: z.string(), hourlyRatePence: z.int() })
  .meta({ id: 'PositionRate' });
export type PositionRate = z.infer<typeof PositionRate>;
export const PositionRateList = z.object({ rates: z.array(PositionRate) });
export const PositionRateInput = z
  .object({
    position: requiredName(ROTA_LIMITS.positionMax),
    hourlyRatePence: z.int().min(0).max(100_000).nullable(),
  })
  .strict();
export type PositionRateInput = z.infer<typeof PositionRateInput>;
