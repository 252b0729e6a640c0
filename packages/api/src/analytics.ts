import { z } from 'zod';
import { IsoDate } from './common.ts';

/** The longest period the analytics cover in one request (two years and a day). */
export const ANALYTICS_MAX_DAYS = 732;

const rangeFields = {
  from: IsoDate.optional().describe(
    'First London date of the period (YYYY-MM-DD), on or before `to`; at most 732 days with it. Default: 27 days before `to`.',
  ),
  to: IsoDate.optional().describe(
    'Last London date of the period (YYYY-MM-DD), included. Default: 27 days after `from`, or today in London.',
  ),
  competitionId: z.string().min(1).max(100).optional(),
};

export const AnalyticsSummaryQuery = z.object(rangeFields).strict();
export type AnalyticsSummaryQuery = z.infer<typeof AnalyticsSummaryQuery>;

export const AnalyticsQuery = z
  .object({
    ...rangeFields,
    /** Also the same figures for the period of the same length just before. */
    compare: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/**
 * `revenuePence`: the amounts of the orders paid in the period (the orders `GET /api/admin/orders`
 * lists with the same `from`, `to` and `competitionId`); `refundsPence`: what has gone back on those
 * orders. `entries`: entries made in the period that hold a place (active, out or won).
 * `hoursWorked`: closed clock-ins of the period (by their London clock-in date), less breaks;
 * `staffCostPence`: each of those at the person's hourly rate, rounded to the penny per clock-in.
 */
export const AnalyticsSummary = z
  .object({
    entries: z.int(),
    revenuePence: z.int(),
    refundsPence: z.int(),
    hoursWorked: z.number(),
    staffCostPence: z.int(),
  })
  .meta({ id: 'AnalyticsSummary' });
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;

const Period = z.object({ from: z.string(), to: z.string() });

/** Match days (a Premier League kick-off that day) against the other days of a period. */
const MatchDayFigures = z.object({
  kind: z.enum(['match', 'other']),
  days: z.int(),
  hoursWorked: z.number(),
  staffCostPence: z.int(),
  revenuePence: z.int(),
});

export const AnalyticsReport = z
  .object({
    period: Period,
    competitionId: z.string().nullable(),
    summary: AnalyticsSummary,
    /** With `compare=true`: the period of the same length just before, and its figures. */
    previous: z
      .object({ period: Period, summary: AnalyticsSummary, matchDays: z.array(MatchDayFigures) })
      .nullable(),
    competitions: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        status: z.string(),
        entries: z.int(),
        revenuePence: z.int(),
        refundsPence: z.int(),
        /** The competition's pot now (all its confirmed entries, not only the period's). */
        potPence: z.int(),
      }),
    ),
    /** Every competition of the club, newest first: what the competition filter offers. */
    competitionChoices: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Monday (London) of each week in the period. */
    weeks: z.array(
      z.object({ week: z.string(), entries: z.int(), revenuePence: z.int(), refundsPence: z.int() }),
    ),
    /** The rounds of one competition: the chosen one, or else the latest with settled picks. */
    rounds: z
      .object({
        competitionId: z.string(),
        competitionName: z.string(),
        /** Confirmed entries before the first round. */
        startingPlayers: z.int(),
        survival: z.array(z.object({ round: z.int(), playersLeft: z.int() })),
        mostPicked: z.array(
          z.object({
            round: z.int(),
            teams: z.array(z.object({ teamId: z.string(), team: z.string(), picks: z.int() })),
          }),
        ),
      })
      .nullable(),
    days: z.array(
      z.object({
        date: z.string(),
        /** A Premier League fixture kicked off (or was due to) that day in London. */
        matchDay: z.boolean(),
        hoursWorked: z.number(),
        staffCostPence: z.int(),
        revenuePence: z.int(),
      }),
    ),
    matchDays: z.array(MatchDayFigures),
    /** Hours worked by staff who have no hourly rate set (they cost nothing in these figures). */
    unratedHours: z.number(),
    events: z.array(z.object({ eventId: z.string(), title: z.string(), signUps: z.int() })),
  })
  .meta({ id: 'AnalyticsReport' });
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;
