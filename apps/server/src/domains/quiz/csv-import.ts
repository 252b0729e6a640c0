import { type QuizInput, QuizInput as QuizInputSchema, QuizKind } from '@lastman/api';

/**
 * A quiz from a CSV file, pure (no I/O): `round,prompt,kind,choices,answer,points`, one question a
 * line, rounds in the order they first appear; choices separated by `|`. Every error names its line
 * (the header is line 1), so a quizmaster can fix the file in their spreadsheet.
 */

export const CSV_COLUMNS = ['round', 'prompt', 'kind', 'choices', 'answer', 'points'] as const;

/** The file's records (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes), each with its first line. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((c) => c.trim() !== '')) records.push({ line: start, cells });
      cells = [];
      cell = '';
      line++;
      start = line;
    } else cell += ch;
  }
  cells.push(cell);
  if (cells.some((c) => c.trim() !== '')) records.push({ line: start, cells });
  return records;
}

export type CsvResult = { ok: true; quiz: QuizInput } | { ok: false; errors: string[] };

export function quizFromCsv(title: string, text: string): CsvResult {
  const records = parseCsv(text);
  const errors: string[] = [];
  const header = records[0];
  const names = header?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  if (!header || CSV_COLUMNS.some((c, i) => names[i] !== c)) {
    return { ok: false, errors: [`Line 1: the first line must name the columns ${CSV_COLUMNS.join(',')}.`] };
  }
  const rounds: { title: string; questions: Record<string, unknown>[]; lines: number[] }[] = [];
  for (const { line, cells } of records.slice(1)) {
    if (cells.length !== CSV_COLUMNS.length) {
      errors.push(`Line ${line}: ${cells.length} cells where there should be ${CSV_COLUMNS.length}.`);
      continue;
    }
    const [round, prompt, kind, choices, answer, points] = cells.map((c) => c.trim()) as string[];
    const kindOk = QuizKind.safeParse(kind);
    if (!kindOk.success) {
      errors.push(`Line ${line}: the kind must be choice, text, number or picture, not “${kind}”.`);
      continue;
    }
    if (points && !/^\d+$/.test(points)) {
      errors.push(`Line ${line}: points must be a whole number, not “${points}”.`);
      continue;
    }
    const title = round || 'Round 1';
    let target = rounds.find((r) => r.title === title);
    if (!target) {
      target = { title, questions: [], lines: [] };
      rounds.push(target);
    }
    target.questions.push({
      prompt,
      kind: kindOk.data,
      answer,
      ...(choices && { choices: choices.split('|').map((c) => c.trim()) }),
      ...(points && { points: Number(points) }),
    });
    target.lines.push(line);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rounds.length === 0)
    return { ok: false, errors: ['The file has no questions: one a line under the header.'] };
  const input = { title, rounds: rounds.map(({ title: t, questions }) => ({ title: t, questions })) };
  const parsed = QuizInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, quiz: parsed.data };
  for (const issue of parsed.error.issues) {
    const [, r, , q, field] = issue.path;
    const line = typeof r === 'number' && typeof q === 'number' ? rounds[r]?.lines[q] : undefined;
    const what = typeof field === 'string' ? `${field}: ` : '';
    errors.push(
      line ? `Line ${line}: ${what}${issue.message}.` : `${issue.path.join('.')}: ${issue.message}.`,
    );
  }
  return { ok: false, errors };
}
