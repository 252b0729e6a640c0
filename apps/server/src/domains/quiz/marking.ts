/**
 * The quiz's marking rules, pure (no I/O): what counts as a right answer, and how teams rank. The
 * service applies them when a question closes; the quizmaster may override any mark afterwards.
 */

export type QuizKind = 'choice' | 'text' | 'number' | 'picture';
/** A number question: the exact figure, or the closest answer (ties all right) wins. */
export type NumberMode = 'exact' | 'closest';

export interface MarkedQuestion {
  kind: QuizKind;
  /** For a text or picture question, alternatives separated by `|` ("Beatles|The Beatles"). */
  answer: string;
  numberMode?: NumberMode;
}

/** Words shorter than this must be spelled right; longer ones may have one typo. */
const TYPO_MIN_LETTERS = 5;

/** Lower case, no accents, no punctuation, single spaces, and no leading "the". */
export function normaliseText(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[-–—/_.]+/g, ' ')
    .replace(/[^\p{L}\p{N}\s]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.replace(/^the /, '');
}

/** Whether two words are at most one insertion, deletion or substitution apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < short.length && j < long.length) {
    if (short[i] === long[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (short.length === long.length) i++;
    j++;
  }
  return edits + (long.length - j) + (short.length - i) <= 1;
}

function matchesOne(given: string, expected: string): boolean {
  if (given === expected) return true;
  const gw = given.split(' ');
  const ew = expected.split(' ');
  if (gw.length !== ew.length) return false;
  let typos = 0;
  for (let k = 0; k < ew.length; k++) {
    const want = ew[k] as string;
    const got = gw[k] as string;
    if (got === want) continue;
    if ([...want].length < TYPO_MIN_LETTERS || !withinOneEdit(got, want)) return false;
    typos++;
  }
  return typos <= 1;
}

/** A word or phrase answer against the quizmaster's answer and its `|` alternatives. */
export function textMatches(given: string, answer: string): boolean {
  const g = normaliseText(given);
  if (g === '') return false;
  return answer
    .split('|')
    .map(normaliseText)
    .filter((a) => a !== '')
    .some((a) => matchesOne(g, a));
}

/** A number as a team types it ("1,200", " 42 "), or null when it is not one. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[,\s£]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * The mark of one answer: right or wrong; null for a closest-wins number question, which is marked
 * only against the other teams' answers (`closestAnswers`).
 */
export function markAnswer(question: MarkedQuestion, given: string): boolean | null {
  switch (question.kind) {
    case 'choice':
      return given.trim() === question.answer.trim();
    case 'number': {
      if (question.numberMode === 'closest') return null;
      const value = parseNumber(given);
      const want = parseNumber(question.answer);
      return value !== null && want !== null && value === want;
    }
    case 'text':
    case 'picture':
      return textMatches(given, question.answer);
  }
}

/** The ids of the answers nearest the right number (every one of them when tied); none if none is a number. */
export function closestAnswers(
  answer: string,
  given: readonly { id: string; answer: string }[],
): Set<string> {
  const want = parseNumber(answer);
  const right = new Set<string>();
  if (want === null) return right;
  let best = Number.POSITIVE_INFINITY;
  for (const g of given) {
    const value = parseNumber(g.answer);
    if (value === null) continue;
    const off = Math.abs(value - want);
    if (off < best) {
      best = off;
      right.clear();
    }
    if (off === best) right.add(g.id);
  }
  return right;
}

/** Every answer of a question marked: the closest-wins numbers together, the others each alone. */
export function markAll(
  question: MarkedQuestion,
  given: readonly { id: string; answer: string }[],
): Map<string, boolean> {
  const marks = new Map<string, boolean>();
  if (question.kind === 'number' && question.numberMode === 'closest') {
    const right = closestAnswers(question.answer, given);
    for (const g of given) marks.set(g.id, right.has(g.id));
    return marks;
  }
  for (const g of given) marks.set(g.id, markAnswer(question, g.answer) === true);
  return marks;
}

/** A closed tie-break: the right number, the tied teams, and what they answered. */
export interface TieBreakResult {
  answer: string;
  teamIds: readonly string[];
  answers: readonly { teamId: string; answer: string }[];
}

/** How far a team of the tie-break was from its number (no answer: furthest); undefined if not in it. */
function distanceIn(tieBreak: TieBreakResult, teamId: string): number | undefined {
  if (!tieBreak.teamIds.includes(teamId)) return undefined;
  const want = parseNumber(tieBreak.answer);
  const given = tieBreak.answers.find((a) => a.teamId === teamId);
  const value = given ? parseNumber(given.answer) : null;
  return want === null || value === null ? Number.POSITIVE_INFINITY : Math.abs(value - want);
}

/** Which of two teams on the same score the tie-breaks put first (negative: a), in the order they were played. */
function settle(tieBreaks: readonly TieBreakResult[], a: string, b: string): number {
  for (const tieBreak of tieBreaks) {
    const da = distanceIn(tieBreak, a);
    const db = distanceIn(tieBreak, b);
    if (da === undefined || db === undefined || da === db) continue;
    return da < db ? -1 : 1;
  }
  return 0;
}

/**
 * The leaderboard: highest score first, ties sharing a rank (1, 2, 2, 4), and tied teams in name
 * order so the board does not shuffle between refreshes. A tie-break orders the teams it was played
 * by (nearest first) without changing their points; its winner is marked.
 */
export function rankTeams<T extends { name: string; score: number; teamId?: string }>(
  teams: readonly T[],
  tieBreaks: readonly TieBreakResult[] = [],
): (T & { rank: number; wonTieBreak: boolean })[] {
  const settled = (a: T, b: T) =>
    a.teamId === undefined || b.teamId === undefined ? 0 : settle(tieBreaks, a.teamId, b.teamId);
  const sorted = [...teams].sort(
    (a, b) => b.score - a.score || settled(a, b) || a.name.localeCompare(b.name, 'en-GB'),
  );
  let rank = 0;
  return sorted.map((team, i) => {
    const before = sorted[i - 1];
    if (!before || team.score !== before.score || settled(before, team) !== 0) rank = i + 1;
    const wonTieBreak =
      team.teamId !== undefined &&
      tieBreaks.some((tieBreak) => {
        const mine = distanceIn(tieBreak, team.teamId as string);
        if (mine === undefined || mine === Number.POSITIVE_INFINITY) return false;
        const rivals = sorted.filter(
          (t) => t !== team && t.score === team.score && t.teamId && tieBreak.teamIds.includes(t.teamId),
        );
        return (
          rivals.length > 0 && rivals.every((t) => (distanceIn(tieBreak, t.teamId as string) ?? 0) > mine)
        );
      });
    return { ...team, rank, wonTieBreak };
  });
}
