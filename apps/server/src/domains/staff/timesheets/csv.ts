import type { TimesheetEntry, TimesheetLayout, TimesheetReport } from '@lastman/api';
import { csvHours, penceAsPounds } from '@lastman/api/format';
import { csvRow, UTF8_BOM } from '../../../lib/csv.ts';
import { AppError } from '../../../lib/errors.ts';
import { byRate } from './service.ts';

const pounds = (pence: number | null) => (pence === null ? '' : penceAsPounds(pence));

export interface CsvContext {
  report: TimesheetReport;
  layout: TimesheetLayout;
  /** sage50: the Sage payment number the hours are paid under. */
  sagePayment?: string | undefined;
  /** The person the report was filtered to, if any. */
  personName: string | null;
  londonLabel: (iso: string) => string;
}

const status = (approved: boolean) => (approved ? 'approved' : 'not approved');

/**
 * generic, for a spreadsheet: the header row first, then one row per person per London day with any
 * scheduled or worked time (or a clock-in still open). Money in pounds with two decimals; staff by
 * their payroll number. No comment lines: the period is in the file's name.
 */
function generic(ctx: CsvContext): string {
  const { report } = ctx;
  const lines = [
    csvRow([
      'Week starting',
      'Date',
      'Staff member',
      'Payroll number',
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
        // A day worked in positions paid differently gets a row per rate; the first row carries the
        // day's scheduled time, breaks and lateness, so the rows still add up to the week.
        const parts = byRate(person.entries.filter((e) => e.date === day.date));
        const rows =
          parts.length > 1
            ? parts.map((p, i) => ({
                first: i === 0,
                workedMinutes: p.workedMinutes,
                hourlyRatePence: p.hourlyRatePence,
                costPence:
                  p.hourlyRatePence === null ? null : Math.round((p.workedMinutes * p.hourlyRatePence) / 60),
              }))
            : [{ first: true, ...day }];
        for (const row of rows) {
          lines.push(
            csvRow([
              week.weekStart,
              day.date,
              person.name,
              person.payrollNumber ?? '',
              csvHours(row.first ? day.scheduledMinutes : 0),
              csvHours(row.workedMinutes),
              row.first ? day.breakMinutes : 0,
              row.first ? day.lateMinutes : 0,
              pounds(row.hourlyRatePence),
              pounds(row.costPence),
              day.flags.join(' '),
              status(person.approval !== null),
              person.approval?.byName ?? '',
              person.approval ? ctx.londonLabel(person.approval.at) : '',
            ]),
          );
        }
      }
    }
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * BrightPay's fields of one hourly payment, as its "Import Hourly Payments from CSV File" page lists
 * them under "Payment 1:", "Payment 2:", ... and in that order. Every payment's columns carry its
 * number, the first's too: the same field under two payments must read apart for "Match Header Row",
 * and payment 1 is named as payment 2 is. An empty rate is BrightPay's "if different from standard
 * rate" left out: the employee's own rate in BrightPay.
 */
const BRIGHTPAY_PAYMENT_FIELDS = [
  'Rate per hour (if different from standard rate)',
  'Description',
  'Number of normal hours',
] as const;

/** The header of payment `n` (1, 2, ...): "Payment 2: Number of normal hours". */
const brightpayPaymentHeaders = (n: number) => BRIGHTPAY_PAYMENT_FIELDS.map((f) => `Payment ${n}: ${f}`);

/**
 * BrightPay (UK) "Import Hourly Payments from CSV File": the header row comes first so that "Match
 * Header Row" maps the columns; one row per person for the whole period, matched to the employee by
 * name and works number (the person's payroll number), with one payment (rate, description, hours)
 * per rate they were paid at, as BrightPay takes several payments in a row. Two rows for one person
 * would be two employees to BrightPay's matching. Columns BrightPay does not know (status, period,
 * filters) are left for the admin to ignore, as its import allows.
 */
function brightpay(ctx: CsvContext): string {
  const people = periodPeople(ctx.report);
  const payments = Math.max(1, ...people.map((p) => p.parts.length));
  const paymentHeaders = Array.from({ length: payments }, (_, i) => brightpayPaymentHeaders(i + 1)).flat();
  const lines = [
    csvRow([
      'Employee first name',
      'Employee surname',
      'Employee works number',
      ...paymentHeaders,
      'Lastman status',
      'Lastman period',
      'Lastman filters',
    ]),
  ];
  const period = `${ctx.report.from} to ${ctx.report.to}`;
  const filters = ctx.personName ? `staff member ${ctx.personName}` : 'all staff';
  for (const person of people) {
    const [first = '', ...rest] = person.name.trim().split(/\s+/);
    const cells = Array.from({ length: payments }, (_, i) => {
      const part = person.parts[i];
      return part
        ? [pounds(part.hourlyRatePence), `Hours ${period}`, csvHours(part.workedMinutes)]
        : ['', '', ''];
    }).flat();
    lines.push(
      csvRow([
        first,
        rest.join(' '),
        person.payrollNumber ?? '',
        ...cells,
        status(person.approved),
        period,
        filters,
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface RatedHours {
  hourlyRatePence: number | null;
  workedMinutes: number;
}

interface PeriodHours extends RatedHours {
  name: string;
  payrollNumber: string | null;
}

/** Each person with worked time in the period: their parts per rate, and whether every week they worked is approved. */
function periodPeople(report: TimesheetReport) {
  const people = new Map<
    string,
    { name: string; payrollNumber: string | null; entries: TimesheetEntry[]; approved: boolean }
  >();
  for (const week of report.weeks) {
    for (const p of week.people) {
      const person = people.get(p.userId) ?? {
        name: p.name,
        payrollNumber: p.payrollNumber,
        entries: [],
        approved: true,
      };
      person.entries.push(...p.entries);
      if (p.totals.workedMinutes > 0 && p.approval === null) person.approved = false;
      people.set(p.userId, person);
    }
  }
  return [...people.values()]
    .map((p) => ({ ...p, parts: byRate(p.entries).filter((part) => part.workedMinutes > 0) }))
    .filter((p) => p.parts.length > 0);
}

/** Each person's worked time over the whole period, one part per rate, people in the order they first appear. */
export function periodHours(report: TimesheetReport): PeriodHours[] {
  return periodPeople(report).flatMap((p) =>
    p.parts.map((part) => ({ name: p.name, payrollNumber: p.payrollNumber, ...part })),
  );
}

/**
 * Sage 50 Payroll's multi-timesheet import: fixed columns and no header row, one payment line per
 * person (and rate, if it changed) for the period: `2` (a payment), employee number, payment number, department code, cost
 * centre code (both left empty), hours, hourly rate (empty: the rate Sage holds). The fixed layout
 * has no room for the period or approval status, so the file name carries them.
 */
function sage50(ctx: CsvContext): string {
  const lines = periodHours(ctx.report).map((p) =>
    csvRow([
      '2',
      p.payrollNumber ?? '',
      ctx.sagePayment ?? '',
      '',
      '',
      csvHours(p.workedMinutes),
      pounds(p.hourlyRatePence),
    ]),
  );
  return lines.length ? `${lines.join('\r\n')}\r\n` : '';
}

export function timesheetCsv(ctx: CsvContext): string {
  if (ctx.layout === 'sage50') return sage50(ctx);
  return ctx.layout === 'brightpay' ? brightpay(ctx) : generic(ctx);
}

/**
 * The Sage 50 import refuses a whole file for one unknown employee, so every person with hours in
 * the period must have a payroll number before the file is made, and the payment number is needed.
 */
export function assertSageReady(report: TimesheetReport, sagePayment: string | undefined) {
  if (!sagePayment)
    throw new AppError(
      'BAD_REQUEST',
      'Say which Sage payment number these hours are paid under (such as 1).',
    );
  const missing = new Set(periodHours(report).flatMap((p) => (p.payrollNumber ? [] : [p.name])));
  if (missing.size)
    throw new AppError(
      'CONFLICT',
      `Give ${[...missing].join(', ')} a payroll number first (Pay rates): Sage matches hours by it.`,
    );
}

/** The Sage file has no room for approval, so its name says whether every week in it is approved. */
export function approvalSuffix(report: TimesheetReport) {
  const withHours = report.weeks.flatMap((w) => w.people).filter((p) => p.totals.workedMinutes > 0);
  return withHours.every((p) => p.approval !== null) ? '-all-approved' : '-includes-not-approved';
}
