import type { AnalyticsQuery, AnalyticsReport, AnalyticsSummary, AnalyticsSummaryQuery } from '@lastman/api';
import { ANALYTICS_MAX_DAYS } from '@lastman/api';
import { addDays, daysInPeriod, londonDay, londonDayStart, mondayOf } from '@lastman/api/time';
import type { DbOrTx } from '../../db/client.ts';
import type { Viewer } from '../../http/guards.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { findCompetition, potOf, publicPickRounds } from '../game/index.ts';
import { paidOrdersInPeriod } from '../payments/index.ts';
import {
  closedClockEntries,
  clubCompetitions,
  confirmedEntriesByCompetition,
  confirmedEntriesMade,
  confirmedEntriesOf,
  eventSignUps,
  kickoffsIn,
  latestCompetitionWithSettledPicks,
  picksOf,
} from './queries.ts';

type AnalyticsServices = Pick<Services, 'db' | 'clock'>;

/** How many teams the most-picked chart shows per round. */
const TOP_TEAMS = 5;
const DEFAULT_DAYS = 28;
const HOUR_MS = 3_600_000;
const FOUR_DIGIT_YEAR = /^[1-9]\d{3}-/;

interface Period {
  from: string;
  to: string;
}

/** The period asked for, or the 28 days to today (London); refused when backwards or too long. */
export function periodOf(query: { from?: string | undefined; to?: string | undefined }, now: Date): Period {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_DAYS - 1) : londonDay(now));
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (!FOUR_DIGIT_YEAR.test(from) || !FOUR_DIGIT_YEAR.test(to))
    throw new AppError('BAD_REQUEST', 'Dates must be in the years 1000 to 9999.');
  if (from > to) throw new AppError('BAD_REQUEST', 'The start date must be on or before the end date.');
  if (daysInPeriod(from, to) > ANALYTICS_MAX_DAYS)
    throw new AppError('BAD_REQUEST', `A period can be at most ${ANALYTICS_MAX_DAYS} days long.`);
  return { from, to };
}

/** The period of the same length that ends the day before. */
export function previousPeriodOf({ from, to }: Period): Period {
  const days = daysInPeriod(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

const instants = (clubId: string, p: Period) => ({
  clubId,
  start: londonDayStart(p.from),
  end: londonDayStart(p.to, 1),
});

/**
 * A clock-in's hours and cost. Worked time is clock-out less clock-in less its breaks (never below
 * zero); its cost is that time at the hourly rate, rounded to the nearest penny once per clock-in
 * (halves up), so a day's or a week's cost is the sum of whole pennies that a payslip would show.
 */
export function clockEntryCost(e: {
  clockInAt: Date;
  clockOutAt: Date | null;
  breakMinutes: number;
  hourlyRatePence: number | null;
}) {
  const workedMs = Math.max(
    0,
    (e.clockOutAt?.getTime() ?? e.clockInAt.getTime()) - e.clockInAt.getTime() - e.breakMinutes * 60_000,
  );
  return {
    hours: workedMs / HOUR_MS,
    costPence: e.hourlyRatePence === null ? 0 : Math.round((workedMs * e.hourlyRatePence) / HOUR_MS),
  };
}

/** Hours to two decimal places, as they are shown and compared. */
const roundHours = (h: number) => Math.round(h * 100) / 100;

async function checkedCompetition(db: DbOrTx, clubId: string, competitionId: string | undefined) {
  if (competitionId === undefined) return undefined;
  const all = await clubCompetitions(db, { clubId });
  if (!all.some((c) => c.id === competitionId)) throw notFound('Competition');
  return competitionId;
}

/** The rows a period's summary comes from: paid orders, entries made, closed clock-ins. */
async function periodRows(db: DbOrTx, clubId: string, period: Period, competitionId: string | undefined) {
  const at = instants(clubId, period);
  // One after another: the queries share the request's transaction (one connection).
  const orders = await paidOrdersInPeriod(db, { clubId, competitionId, paidFrom: at.start, paidTo: at.end });
  const made = await confirmedEntriesMade(db, { ...at, competitionId });
  const clock = await closedClockEntries(db, at);
  return { at, orders, made, clock };
}

function summaryFrom({ orders, made, clock }: Awaited<ReturnType<typeof periodRows>>): AnalyticsSummary {
  let hours = 0;
  let staffCostPence = 0;
  for (const e of clock) {
    const c = clockEntryCost(e);
    hours += c.hours;
    staffCostPence += c.costPence;
  }
  return {
    entries: made.length,
    revenuePence: orders.reduce((sum, o) => sum + o.amountPence, 0),
    refundsPence: orders.reduce((sum, o) => sum + o.refundedPence, 0),
    hoursWorked: roundHours(hours),
    staffCostPence,
  };
}

export async function analyticsSummary(
  services: AnalyticsServices,
  viewer: Viewer,
  query: AnalyticsSummaryQuery,
): Promise<AnalyticsSummary> {
  const period = periodOf(query, services.clock.now());
  return services.db.transaction(async (tx) => {
    const competitionId = await checkedCompetition(tx, viewer.clubId, query.competitionId);
    return summaryFrom(await periodRows(tx, viewer.clubId, period, competitionId));
  });
}

export async function analyticsReport(
  services: AnalyticsServices,
  viewer: Viewer,
  query: AnalyticsQuery,
): Promise<AnalyticsReport> {
  const period = periodOf(query, services.clock.now());
  const clubId = viewer.clubId;
  return services.db.transaction(async (tx) => {
    const competitionId = await checkedCompetition(tx, clubId, query.competitionId);
    const rows = await periodRows(tx, clubId, period, competitionId);
    const { at, orders, made, clock } = rows;
    const kickoffs = await kickoffsIn(tx, at);
    const summary = summaryFrom(rows);
    const comps = await clubCompetitions(tx, { clubId });
    const totals = await confirmedEntriesByCompetition(tx, { clubId });
    const signUps = await eventSignUps(tx, at);

    const previous =
      query.compare === 'true'
        ? await (async () => {
            const p = previousPeriodOf(period);
            const before = await periodRows(tx, clubId, p, competitionId);
            return {
              period: p,
              summary: summaryFrom(before),
              matchDays: dayFigures(p, before.clock, before.orders, await kickoffsIn(tx, before.at))
                .matchDays,
            };
          })()
        : null;

    // Per competition: those with entries or payments in the period (or the one chosen).
    const totalOf = new Map(totals.map((t) => [t.competitionId, t.n]));
    const boughtBackOf = new Map(totals.map((t) => [t.competitionId, t.boughtBack]));
    const perComp = new Map<string, { entries: number; revenuePence: number; refundsPence: number }>();
    const compRow = (id: string) => {
      let row = perComp.get(id);
      if (!row) {
        row = { entries: 0, revenuePence: 0, refundsPence: 0 };
        perComp.set(id, row);
      }
      return row;
    };
    if (competitionId) compRow(competitionId);
    for (const e of made) compRow(e.competitionId).entries += 1;
    for (const o of orders) {
      const row = compRow(o.competitionId);
      row.revenuePence += o.amountPence;
      row.refundsPence += o.refundedPence;
    }
    const competitions = comps
      .filter((c) => perComp.has(c.id))
      .map((c) => ({
        id: c.id,
        name: c.name,
        status: c.status,
        ...(perComp.get(c.id) as { entries: number; revenuePence: number; refundsPence: number }),
        potPence: potOf(c, totalOf.get(c.id) ?? 0, boughtBackOf.get(c.id) ?? 0),
      }));

    // Per week (Monday, London), every week of the period listed.
    const weekRows = new Map<string, { entries: number; revenuePence: number; refundsPence: number }>();
    for (let w = mondayOf(period.from); w <= period.to; w = addDays(w, 7))
      weekRows.set(w, { entries: 0, revenuePence: 0, refundsPence: 0 });
    for (const e of made) {
      const row = weekRows.get(mondayOf(londonDay(e.createdAt)));
      if (row) row.entries += 1;
    }
    for (const o of orders) {
      const row = o.paidAt ? weekRows.get(mondayOf(londonDay(o.paidAt))) : undefined;
      if (!row) continue;
      row.revenuePence += o.amountPence;
      row.refundsPence += o.refundedPence;
    }

    const { days, matchDays, unratedHours } = dayFigures(period, clock, orders, kickoffs);

    return {
      period,
      competitionId: competitionId ?? null,
      summary,
      previous,
      competitions,
      competitionChoices: comps.map((c) => ({ id: c.id, name: c.name })),
      weeks: [...weekRows].map(([week, r]) => ({ week, ...r })),
      rounds: await roundsOf(tx, clubId, competitionId, comps, services.clock.now().getTime()),
      days,
      matchDays,
      unratedHours,
      events: signUps,
    };
  });
}

type ClockRow = Awaited<ReturnType<typeof closedClockEntries>>[number];
type OrderRow = Awaited<ReturnType<typeof paidOrdersInPeriod>>[number];

/**
 * Per London day of the period: hours, staff cost and entry revenue; then match days (days with a
 * kick-off) against the other days, and the hours worked by staff with no rate.
 */
function dayFigures(
  period: Period,
  clock: readonly ClockRow[],
  orders: readonly OrderRow[],
  kickoffs: readonly { kickoffAt: Date }[],
) {
  const matchDates = new Set(kickoffs.map((k) => londonDay(k.kickoffAt)));
  const dayRows = new Map<string, { hours: number; staffCostPence: number; revenuePence: number }>();
  for (let d = period.from; d <= period.to; d = addDays(d, 1))
    dayRows.set(d, { hours: 0, staffCostPence: 0, revenuePence: 0 });
  let unrated = 0;
  for (const e of clock) {
    const c = clockEntryCost(e);
    const row = dayRows.get(londonDay(e.clockInAt));
    if (row) {
      row.hours += c.hours;
      row.staffCostPence += c.costPence;
    }
    if (e.hourlyRatePence === null) unrated += c.hours;
  }
  for (const o of orders) {
    const row = o.paidAt ? dayRows.get(londonDay(o.paidAt)) : undefined;
    if (row) row.revenuePence += o.amountPence;
  }
  const days = [...dayRows].map(([date, r]) => ({
    date,
    matchDay: matchDates.has(date),
    hoursWorked: roundHours(r.hours),
    staffCostPence: r.staffCostPence,
    revenuePence: r.revenuePence,
  }));
  const matchDays = (['match', 'other'] as const).map((kind) => {
    const of = [...dayRows].filter(([date]) => matchDates.has(date) === (kind === 'match'));
    return {
      kind,
      days: of.length,
      hoursWorked: roundHours(of.reduce((s, [, r]) => s + r.hours, 0)),
      staffCostPence: of.reduce((s, [, r]) => s + r.staffCostPence, 0),
      revenuePence: of.reduce((s, [, r]) => s + r.revenuePence, 0),
    };
  });
  return { days, matchDays, unratedHours: roundHours(unrated) };
}

/**
 * Players left after each settled round, and the most-picked teams of each round whose deadline has
 * passed: before it, nobody (admins included) learns what others picked, counts included.
 */
async function roundsOf(
  db: DbOrTx,
  clubId: string,
  chosen: string | undefined,
  comps: readonly { id: string; name: string }[],
  now: number,
): Promise<AnalyticsReport['rounds']> {
  const competitionId = chosen ?? (await latestCompetitionWithSettledPicks(db, { clubId }));
  const comp = comps.find((c) => c.id === competitionId);
  const row = competitionId ? await findCompetition(db, { clubId, competitionId }) : undefined;
  if (!competitionId || !comp || !row) return null;
  const players = await confirmedEntriesOf(db, { clubId, competitionId });
  const every = await picksOf(db, { clubId, competitionId });
  const open = await publicPickRounds(db, {
    clubId,
    competition: row,
    rounds: every.map((p) => p.round),
    now,
  });
  // A round with a settled pick is past its deadline whatever its fixtures say now.
  const settled = new Set(every.filter((p) => p.settled).map((p) => p.round));
  const allPicks = every.filter((p) => open.has(p.round) || settled.has(p.round));
  const settledRounds = [...new Set(allPicks.filter((p) => p.settled).map((p) => p.round))].sort(
    (a, b) => a - b,
  );
  const survival = settledRounds.map((round) => ({
    round,
    playersLeft: players.filter((e) => e.eliminatedRound === null || e.eliminatedRound > round).length,
  }));

  const byRound = new Map<number, Map<string, { teamId: string; team: string; picks: number }>>();
  for (const p of allPicks) {
    let teamsOf = byRound.get(p.round);
    if (!teamsOf) {
      teamsOf = new Map();
      byRound.set(p.round, teamsOf);
    }
    const t = teamsOf.get(p.teamId) ?? { teamId: p.teamId, team: p.team, picks: 0 };
    t.picks += 1;
    teamsOf.set(p.teamId, t);
  }
  const mostPicked = [...byRound]
    .sort(([a], [b]) => a - b)
    .map(([round, teamsOf]) => ({
      round,
      teams: [...teamsOf.values()]
        .sort((a, b) => b.picks - a.picks || a.team.localeCompare(b.team, 'en-GB'))
        .slice(0, TOP_TEAMS),
    }));
  return {
    competitionId,
    competitionName: comp.name,
    startingPlayers: players.length,
    survival,
    mostPicked,
  };
}
