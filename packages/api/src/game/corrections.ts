import { z } from 'zod';
import { FixtureStatus } from './game.ts';

/** The record of an admin's results for a fixture or a round, oldest first. */
export const ResultCorrectionList = z
  .object({
    corrections: z.array(
      z.object({
        id: z.string(),
        fixtureId: z.string(),
        byUserId: z.string(),
        byName: z.string(),
        at: z.string(),
        old: z.object({ home: z.number().nullable(), away: z.number().nullable(), status: FixtureStatus }),
        new: z.object({ home: z.number().nullable(), away: z.number().nullable(), status: FixtureStatus }),
      }),
    ),
  })
  .meta({ id: 'ResultCorrectionList' });
export type ResultCorrectionList = z.infer<typeof ResultCorrectionList>;
