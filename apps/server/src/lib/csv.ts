import { penceAsPounds } from '@lastman/api/format';

/**
 * One CSV cell: a date as ISO 8601, an object as JSON; text a spreadsheet would run as a formula
 * (= + - @, or a tab or carriage return before one) gets a leading apostrophe; a cell with a comma,
 * quote or line break is quoted.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: readonly unknown[]) => cells.map(csvCell).join(',');

/** Rows of one shape as a CSV file: a header of their keys, lines ended by CRLF (RFC 4180). */
export function toCsv(rows: readonly Record<string, unknown>[]): string {
  const first = rows[0];
  if (!first) return '';
  const columns = Object.keys(first);
  return `${[columns.join(','), ...rows.map((r) => csvRow(columns.map((c) => r[c])))].join('\r\n')}\r\n`;
}

/**
 * Excel reads a CSV file as the machine's code page unless it starts with a UTF-8 byte order mark:
 * with it, £ and accented names open as written. Files meant for a spreadsheet carry it; payroll
 * imports (BrightPay, Sage 50) take plain UTF-8.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * Rows for a spreadsheet: every money column (`…Pence`, integer pence) becomes `…Pounds` in pounds
 * with two decimals, in the same place.
 */
export function withPounds(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) =>
        key.endsWith('Pence') && (typeof value === 'number' || value === null)
          ? [`${key.slice(0, -'Pence'.length)}Pounds`, value === null ? '' : penceAsPounds(value)]
          : [key, value],
      ),
    ),
  );
}
