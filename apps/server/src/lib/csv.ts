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
