/** One cell as RFC 4180 wants it, and never read as a formula by a spreadsheet (OWASP's CSV injection advice). */
function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export type CsvRow = readonly (string | number | boolean | null)[];

/** A CSV file: the header line, then one line per row, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly CsvRow[]): string {
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * Excel reads a CSV file as the machine's code page unless it starts with a UTF-8 byte order mark:
 * with it, £ and accented names open as written.
 */
export const UTF8_BOM = '\uFEFF';

/** Hands the file to the browser as a download, marked as UTF-8 for Excel. */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([UTF8_BOM, csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
