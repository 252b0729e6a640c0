import { z } from 'zod';
import { IsoDate, requiredName } from '../common.ts';
import { ROTA_LIMITS } from './rules.ts';

// A person's own rate (from a London day on) and payroll number
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
