import { z } from 'zod';
import { Id, IsoDate, plainText } from '../common.ts';
import { ROTA_LIMITS } from './rules.ts';

const Instant = z.iso.datetime({
  offset: true,
  error: 'must be a date and time such as 2026-11-28T18:00:00Z',
});

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
