import { type AnalyticsReport, type AnalyticsSummary, PICKS_AFTER_DEADLINE } from '@lastman/api';
import {
  formatDate,
  formatHours,
  formatPence,
  formatShortDay as formatShortDate,
  penceAsPounds,
} from '@lastman/api/format';
import { ChartCard } from './chart-card.tsx';
import { BarChart, Legend, LineChart, type Series } from './charts.tsx';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const pounds = (pence: number) => formatPence(pence);
/** Money in a CSV file: pounds with two decimals (12.50), as a spreadsheet reads it. */
const csvPounds = (pence: number | null) => (pence === null ? null : penceAsPounds(pence));
const COST: Series = { name: 'Staff cost', color: 'var(--ion-color-primary)' };
const REVENUE: Series = { name: 'Entry revenue', color: 'var(--ion-color-secondary)' };
// The period before, in lighter shades of the same colours.
const COST_BEFORE: Series = {
  name: 'Staff cost, before',
  color: 'color-mix(in srgb, var(--ion-color-primary) 45%, var(--ion-background-color, #fff))',
};
const REVENUE_BEFORE: Series = {
  name: 'Entry revenue, before',
  color: 'color-mix(in srgb, var(--ion-color-secondary) 45%, var(--ion-background-color, #fff))',
};

/** A chart's file name: the figure and the period. */
const fileName = (r: AnalyticsReport, name: string) => `analytics-${name}-${r.period.from}-to-${r.period.to}`;

function change(now: number, before: number | undefined, format: (n: number) => string) {
  if (before === undefined) return null;
  const d = Math.round((now - before) * 100) / 100;
  if (d === 0) return 'same as before';
  return `${d > 0 ? 'up' : 'down'} ${format(Math.abs(d))} on before`;
}

/** Every chart of the report, in the order the page shows them. */
export function Figures({ report }: { report: AnalyticsReport }) {
  return (
    <>
      <SummaryCard report={report} />
      <WeeksCard report={report} />
      <CompetitionsCard report={report} />
      <SurvivalCard report={report} />
      <PicksCard report={report} />
      <DaysCard report={report} />
      <MatchDaysCard report={report} />
      <EventsCard report={report} />
    </>
  );
}

/** The period at a glance: a tile per figure, with the period before when compared. */
function SummaryCard({ report: r }: { report: AnalyticsReport }) {
  const s = r.summary;
  const p: AnalyticsSummary | undefined = r.previous?.summary;
  const file = (name: string) => fileName(r, name);
  const tiles: { label: string; value: string; was: string | null; csv: [number, number | null] }[] = [
    {
      label: 'Entries',
      value: String(s.entries),
      was: change(s.entries, p?.entries, String),
      csv: [s.entries, p?.entries ?? null],
    },
    {
      label: 'Entry revenue',
      value: pounds(s.revenuePence),
      was: change(s.revenuePence, p?.revenuePence, pounds),
      csv: [s.revenuePence, p?.revenuePence ?? null],
    },
    {
      label: 'Refunds',
      value: pounds(s.refundsPence),
      was: change(s.refundsPence, p?.refundsPence, pounds),
      csv: [s.refundsPence, p?.refundsPence ?? null],
    },
    {
      label: 'Hours worked',
      value: formatHours(s.hoursWorked),
      was: change(s.hoursWorked, p?.hoursWorked, formatHours),
      csv: [s.hoursWorked, p?.hoursWorked ?? null],
    },
    {
      label: 'Staff cost',
      value: pounds(s.staffCostPence),
      was: change(s.staffCostPence, p?.staffCostPence, pounds),
      csv: [s.staffCostPence, p?.staffCostPence ?? null],
    },
  ];
  const csvNames = ['entries', 'revenue_gbp', 'refunds_gbp', 'hours_worked', 'staff_cost_gbp'];
  /** The summary's money figures (revenue, refunds, staff cost) go to the CSV file in pounds. */
  const csvFigure = (i: number, v: number | null) => ([1, 2, 4].includes(i) ? csvPounds(v) : v);
  return (
    <ChartCard
      testId="chart-summary"
      title="The period at a glance"
      summary={`${plural(s.entries, 'entry', 'entries')} made (free ones included); paid entries brought in ${pounds(s.revenuePence)}, of which ${pounds(s.refundsPence)} went back in refunds; staff worked ${formatHours(s.hoursWorked)} costing ${pounds(s.staffCostPence)}.${r.unratedHours > 0 ? ` ${formatHours(r.unratedHours)} of those were worked by staff with no hourly rate set, so they cost nothing here.` : ''}`}
      chart={
        <dl className="analytics-tiles">
          {tiles.map((t) => (
            <div key={t.label} className="analytics-tile">
              <dt>{t.label}</dt>
              <dd>
                <span className="analytics-tile__value">{t.value}</span>
                {t.was ? <span className="analytics-tile__was">{t.was}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      }
      table={{
        header: ['Figure', 'This period', ...(p ? ['Period before'] : [])],
        rows: tiles.map((t, i) => [t.label, t.value, ...(p ? [tileFormat(i, t.csv[1] ?? 0)] : [])]),
        csvHeader: ['figure', 'this_period', ...(p ? ['period_before'] : [])],
        csvRows: tiles.map((t, i) => [
          csvNames[i] as string,
          csvFigure(i, t.csv[0]),
          ...(p ? [csvFigure(i, t.csv[1])] : []),
        ]),
      }}
      filename={file('summary')}
    />
  );
}

/** Entries and revenue per week. */
function WeeksCard({ report: r }: { report: AnalyticsReport }) {
  const file = (name: string) => fileName(r, name);
  const weeksWithMoney = r.weeks.filter((w) => w.revenuePence > 0 || w.entries > 0);
  const best = [...r.weeks].sort((a, b) => b.revenuePence - a.revenuePence)[0];
  return (
    <ChartCard
      testId="chart-weeks"
      title="Entries and revenue per week"
      summary={
        weeksWithMoney.length === 0
          ? 'No entries were sold in this period.'
          : `Across ${plural(r.weeks.length, 'week')}, the best was the week of ${formatDate(best?.week ?? r.period.from)} with ${pounds(best?.revenuePence ?? 0)}.`
      }
      empty="No entries were sold in this period."
      chart={
        <BarChart
          summary="Entry revenue per week"
          rows={r.weeks.map((w) => ({ label: w.week, values: [w.revenuePence] }))}
          series={[REVENUE]}
          money
          labelFormat={formatShortDate}
        />
      }
      table={{
        header: ['Week of', 'Entries', 'Revenue', 'Refunds'],
        rows: weeksWithMoney.length
          ? r.weeks.map((w) => [
              formatDate(w.week),
              w.entries,
              pounds(w.revenuePence),
              pounds(w.refundsPence),
            ])
          : [],
        csvHeader: ['week_starting', 'entries', 'revenue_gbp', 'refunds_gbp'],
        csvRows: r.weeks.map((w) => [
          w.week,
          w.entries,
          csvPounds(w.revenuePence),
          csvPounds(w.refundsPence),
        ]),
      }}
      filename={file('weeks')}
    />
  );
}

/** Entries, revenue, refunds and pot per competition. */
function CompetitionsCard({ report: r }: { report: AnalyticsReport }) {
  const file = (name: string) => fileName(r, name);
  return (
    <ChartCard
      testId="chart-competitions"
      title="Per competition"
      summary={
        r.competitions.length === 0
          ? 'No competition had entries or payments in this period.'
          : `${plural(r.competitions.length, 'competition')} had entries or payments; the pot is each competition's prize as it stands now.`
      }
      empty="No competition had entries or payments in this period."
      chart={
        <BarChart
          summary="Entry revenue per competition"
          rows={r.competitions.map((c) => ({ label: c.name, values: [c.revenuePence] }))}
          series={[REVENUE]}
          money
        />
      }
      table={{
        header: ['Competition', 'Entries', 'Revenue', 'Refunds', 'Pot'],
        rows: r.competitions.map((c) => [
          c.name,
          c.entries,
          pounds(c.revenuePence),
          pounds(c.refundsPence),
          pounds(c.potPence),
        ]),
        csvHeader: ['competition', 'entries', 'revenue_gbp', 'refunds_gbp', 'pot_gbp'],
        csvRows: r.competitions.map((c) => [
          c.name,
          c.entries,
          csvPounds(c.revenuePence),
          csvPounds(c.refundsPence),
          csvPounds(c.potPence),
        ]),
      }}
      filename={file('competitions')}
      wideTable
    />
  );
}

/** Players left after each round of the latest competition. */
function SurvivalCard({ report: r }: { report: AnalyticsReport }) {
  const file = (name: string) => fileName(r, name);
  const rounds = r.rounds;
  const lastSurvival = rounds?.survival.at(-1);
  return (
    <ChartCard
      testId="chart-survival"
      title={rounds ? `Players left per round: ${rounds.competitionName}` : 'Players left per round'}
      summary={
        !rounds || !lastSurvival
          ? 'No round has been settled yet in a competition of this club.'
          : `${plural(rounds.startingPlayers, 'entry', 'entries')} started; after round ${lastSurvival.round}, ${lastSurvival.playersLeft} ${lastSurvival.playersLeft === 1 ? 'is' : 'are'} still in.`
      }
      empty="No round has been settled yet."
      chart={
        <LineChart
          summary="Players left after each round"
          points={[
            { label: 'Start', value: rounds?.startingPlayers ?? 0 },
            ...(rounds?.survival ?? []).map((x) => ({ label: `R${x.round}`, value: x.playersLeft })),
          ]}
        />
      }
      table={{
        header: ['Round', 'Players left'],
        rows: rounds?.survival.length ? rounds.survival.map((x) => [`Round ${x.round}`, x.playersLeft]) : [],
        csvHeader: ['round', 'players_left'],
        csvRows: (rounds?.survival ?? []).map((x) => [x.round, x.playersLeft]),
      }}
      filename={file('survival')}
    />
  );
}

/** The most-picked teams of each round. */
function PicksCard({ report: r }: { report: AnalyticsReport }) {
  const file = (name: string) => fileName(r, name);
  const rounds = r.rounds;
  const latestPicks = rounds?.mostPicked.at(-1);
  return (
    <ChartCard
      testId="chart-picks"
      title="Most-picked teams per round"
      summary={
        !latestPicks
          ? `No picks to show yet. ${PICKS_AFTER_DEADLINE}`
          : `In round ${latestPicks.round} the most picked was ${latestPicks.teams[0]?.team ?? 'no team'} (${plural(latestPicks.teams[0]?.picks ?? 0, 'pick')}). ${PICKS_AFTER_DEADLINE}`
      }
      empty={`No picks to show yet. ${PICKS_AFTER_DEADLINE}`}
      chart={
        <BarChart
          summary={`Most-picked teams in round ${latestPicks?.round ?? ''}`}
          rows={(latestPicks?.teams ?? []).map((t) => ({ label: t.team, values: [t.picks] }))}
          series={[{ name: 'Picks', color: 'var(--ion-color-primary)' }]}
        />
      }
      table={{
        header: ['Round', 'Team', 'Picks'],
        rows: (rounds?.mostPicked ?? []).flatMap((m) =>
          m.teams.map((t) => [`Round ${m.round}`, t.team, t.picks]),
        ),
        csvHeader: ['round', 'team', 'picks'],
        csvRows: (rounds?.mostPicked ?? []).flatMap((m) => m.teams.map((t) => [m.round, t.team, t.picks])),
      }}
      filename={file('most-picked')}
    />
  );
}

/** Hours and staff cost per day. */
function DaysCard({ report: r }: { report: AnalyticsReport }) {
  const s = r.summary;
  const file = (name: string) => fileName(r, name);
  const busiest = [...r.days].sort((a, b) => b.staffCostPence - a.staffCostPence)[0];
  return (
    <ChartCard
      testId="chart-days"
      title="Hours and staff cost per day"
      summary={
        s.hoursWorked === 0
          ? 'No clocked hours in this period.'
          : `Staff worked ${formatHours(s.hoursWorked)} costing ${pounds(s.staffCostPence)}; the dearest day was ${formatDate(busiest?.date ?? r.period.from)} at ${pounds(busiest?.staffCostPence ?? 0)}.`
      }
      empty="No clocked hours in this period."
      chart={
        <BarChart
          summary="Staff cost per day"
          rows={r.days.map((d) => ({ label: d.date, values: [d.staffCostPence] }))}
          series={[COST]}
          money
          labelFormat={formatShortDate}
        />
      }
      table={{
        header: ['Day', 'Match day', 'Hours', 'Staff cost', 'Entry revenue'],
        rows:
          s.hoursWorked === 0 && s.revenuePence === 0
            ? []
            : r.days.map((d) => [
                formatShortDate(d.date),
                d.matchDay ? 'Yes' : 'No',
                formatHours(d.hoursWorked),
                pounds(d.staffCostPence),
                pounds(d.revenuePence),
              ]),
        csvHeader: ['date', 'match_day', 'hours_worked', 'staff_cost_gbp', 'entry_revenue_gbp'],
        csvRows: r.days.map((d) => [
          d.date,
          d.matchDay ? 'yes' : 'no',
          d.hoursWorked,
          csvPounds(d.staffCostPence),
          csvPounds(d.revenuePence),
        ]),
      }}
      filename={file('days')}
    />
  );
}

/** Match days against other days, per day on average. */
function MatchDaysCard({ report: r }: { report: AnalyticsReport }) {
  const file = (name: string) => fileName(r, name);
  const match = r.matchDays.find((m) => m.kind === 'match');
  const other = r.matchDays.find((m) => m.kind === 'other');
  const perDay = (pence: number, days: number) => (days ? Math.round(pence / days) : 0);
  // With compare on, the period before sits under this one's rows, named as such.
  const dayKinds = [
    ...r.matchDays.map((m) => ({
      ...m,
      label: m.kind === 'match' ? 'Match days' : 'Other days',
      when: 'this',
    })),
    ...(r.previous?.matchDays ?? []).map((m) => ({
      ...m,
      label: m.kind === 'match' ? 'Match days, before' : 'Other days, before',
      when: 'before',
    })),
  ];
  const matchBefore = r.previous?.matchDays.find((m) => m.kind === 'match');
  const daySeries = r.previous ? [COST, REVENUE, COST_BEFORE, REVENUE_BEFORE] : [COST, REVENUE];
  return (
    <ChartCard
      testId="chart-match-days"
      title="Match days against other days"
      summary={
        !match || !other
          ? ''
          : `On an average match day (${plural(match.days, 'day')}) staff cost ${pounds(perDay(match.staffCostPence, match.days))} and entries brought in ${pounds(perDay(match.revenuePence, match.days))}; on other days (${plural(other.days, 'day')}) ${pounds(perDay(other.staffCostPence, other.days))} and ${pounds(perDay(other.revenuePence, other.days))}.${
              matchBefore
                ? ` In the period before, a match day cost ${pounds(perDay(matchBefore.staffCostPence, matchBefore.days))} and brought in ${pounds(perDay(matchBefore.revenuePence, matchBefore.days))}.`
                : ''
            }`
      }
      chart={
        <>
          <BarChart
            summary="Average staff cost and entry revenue per day, match days against other days"
            rows={r.matchDays.map((m) => {
              const before = r.previous?.matchDays.find((b) => b.kind === m.kind);
              return {
                label: m.kind === 'match' ? 'Match days' : 'Other days',
                values: [
                  perDay(m.staffCostPence, m.days),
                  perDay(m.revenuePence, m.days),
                  ...(before
                    ? [perDay(before.staffCostPence, before.days), perDay(before.revenuePence, before.days)]
                    : []),
                ],
              };
            })}
            series={daySeries}
            money
          />
          <Legend series={daySeries} />
        </>
      }
      table={{
        header: ['Days', 'Count', 'Hours', 'Staff cost', 'Entry revenue', 'Cost per day', 'Revenue per day'],
        rows: dayKinds.map((m) => [
          m.label,
          m.days,
          formatHours(m.hoursWorked),
          pounds(m.staffCostPence),
          pounds(m.revenuePence),
          pounds(perDay(m.staffCostPence, m.days)),
          pounds(perDay(m.revenuePence, m.days)),
        ]),
        csvHeader: ['period', 'days', 'count', 'hours_worked', 'staff_cost_gbp', 'entry_revenue_gbp'],
        csvRows: dayKinds.map((m) => [
          m.when,
          m.kind,
          m.days,
          m.hoursWorked,
          csvPounds(m.staffCostPence),
          csvPounds(m.revenuePence),
        ]),
      }}
      filename={file('match-days')}
      wideTable
    />
  );
}

/** Sign-ups per event. */
function EventsCard({ report: r }: { report: AnalyticsReport }) {
  const file = (name: string) => fileName(r, name);
  const signUps = r.events.reduce((n, e) => n + e.signUps, 0);
  return (
    <ChartCard
      testId="chart-events"
      title="Event sign-ups"
      summary={
        signUps === 0
          ? 'Nobody signed up for an event in this period.'
          : `${plural(signUps, 'sign-up')} for ${plural(r.events.length, 'event')}; the most for ${r.events[0]?.title}.`
      }
      empty="Nobody signed up for an event in this period."
      chart={
        <BarChart
          summary="Sign-ups per event"
          rows={r.events.map((e) => ({ label: e.title, values: [e.signUps] }))}
          series={[{ name: 'Sign-ups', color: 'var(--ion-color-secondary)' }]}
        />
      }
      table={{
        header: ['Event', 'Sign-ups'],
        rows: r.events.map((e) => [e.title, e.signUps]),
        csvHeader: ['event', 'sign_ups'],
        csvRows: r.events.map((e) => [e.title, e.signUps]),
      }}
      filename={file('event-sign-ups')}
    />
  );
}

/** A previous-period figure as its tile shows it (tiles: entries, revenue, refunds, hours, cost). */
function tileFormat(i: number, v: number): string {
  if (i === 0) return String(v);
  if (i === 3) return formatHours(v);
  return pounds(v);
}
