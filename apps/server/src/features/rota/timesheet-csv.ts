import type { TimesheetLayout, TimesheetReport } from '@lastman/api';
import { csvRow } from '../../lib/csv.ts';

const hours = (minutes: number) => (minutes / 60).toFixed(2);
const pounds = (pence: number | null) => (pence === null ? '' : (pence / 100).toFixed(2));
/** Words for the leading comment lines: one line each, no commas (so a spreadsheet keeps each in one cell). */
const plain = (text: string) => text.replace(/[\r\n,]+/g, ' ').trim();

export interface CsvContext {
  report: TimesheetReport;
  layout: TimesheetLayout;
  clubName: string;
  /** The person the report was filtered to, if any. */
  personName: string | null;
  madeBy: string;
  /** London time, as YYYY-MM-DD HH:MM. */
  madeAt: string;
  londonLabel: (iso: string) => string;
}

const status = (approved: boolean) => (approved ? 'approved' : 'not approved');

/**
 * generic: leading `# ` lines stating the club, period, filters and when it was made, then one row
 * per person per London day with any scheduled or worked time (or a clock-in still open).
 */
function generic(ctx: CsvContext): string {
  const { report } = ctx;
  const lines = [
    `# Lastman timesheets: ${plain(ctx.clubName)}`,
    `# Period: ${report.from} to ${report.to} (London days; whole weeks Monday to Sunday)`,
    `# Filters: ${ctx.personName ? `staff member ${plain(ctx.personName)}` : 'all staff'}; approved and not approved weeks`,
    `# Made: ${ctx.madeAt} London time by ${plain(ctx.madeBy)}`,
    csvRow([
      'Week starting',
      'Date',
      'Staff member',
      'Staff ID',
      'Scheduled hours',
      'Worked hours',
      'Break minutes',
      'Late minutes',
      'Hourly rate (GBP)',
      'Cost (GBP)',
      'Flags',
      'Status',
      'Approved by',
      'Approved at',
    ]),
  ];
  for (const week of report.weeks) {
    for (const person of week.people) {
      for (const day of person.days) {
        const hasOpen = day.flags.includes('open');
        if (day.scheduledMinutes === 0 && day.workedMinutes === 0 && !hasOpen) continue;
        lines.push(
          csvRow([
            week.weekStart,
            day.date,
            person.name,
            person.userId,
            hours(day.scheduledMinutes),
            hours(day.workedMinutes),
            day.breakMinutes,
            day.lateMinutes,
            pounds(person.hourlyRatePence),
            pounds(day.costPence),
            day.flags.join(' '),
            status(person.approval !== null),
            person.approval?.byName ?? '',
            person.approval ? ctx.londonLabel(person.approval.at) : '',
          ]),
        );
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * BrightPay (UK) "Import Hourly Payments from CSV File": the header row comes first so that "Match
 * Header Row" maps the columns; one row per person per week with worked time. Columns BrightPay
 * does not know (status, period, filters) are left for the admin to ignore, as its import allows.
 */
function brightpay(ctx: CsvContext): string {
  const lines = [
    csvRow([
      'Employee first name',
      'Employee surname',
      'Number of normal hours',
      'Rate per hour',
      'Description',
      'Lastman status',
      'Lastman period',
      'Lastman filters',
    ]),
  ];
  const filters = ctx.personName ? `staff member ${ctx.personName}` : 'all staff';
  for (const week of ctx.report.weeks) {
    for (const person of week.people) {
      if (person.totals.workedMinutes === 0) continue;
      const [first = '', ...rest] = person.name.trim().split(/\s+/);
      lines.push(
        csvRow([
          first,
          rest.join(' '),
          hours(person.totals.workedMinutes),
          pounds(person.hourlyRatePence),
          `Hours w/c ${week.weekStart}`,
          status(person.approval !== null),
          `${ctx.report.from} to ${ctx.report.to}`,
          filters,
        ]),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function timesheetCsv(ctx: CsvContext): string {
  return ctx.layout === 'brightpay' ? brightpay(ctx) : generic(ctx);
}
