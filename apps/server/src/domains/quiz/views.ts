import type { QuizAdminView, QuizLeaderboard, QuizQuestionPublic, QuizSummary } from '@lastman/api';
import { fileUrl } from '../../lib/storage.ts';
import { rankTeams, type TieBreakResult } from './marking.ts';
import type { AnswerRow, QuestionRow, QuizRow, TeamRow } from './queries.ts';

/** The answer is shown this long after a question's countdown ends is still taken (a phone's lag). */
export const ANSWER_GRACE_MS = 5000;

export const closesAtOf = (q: QuestionRow) => new Date((q.openedAt?.getTime() ?? 0) + q.seconds * 1000);

export function summaryOf(quiz: QuizRow, counts: { questionCount: number; teamCount: number }): QuizSummary {
  return {
    id: quiz.id,
    title: quiz.title,
    joinCode: quiz.joinCode,
    status: quiz.status,
    questionCount: counts.questionCount,
    teamCount: counts.teamCount,
    createdAt: quiz.createdAt.toISOString(),
    eventId: quiz.eventId,
    teamFeePence: quiz.teamFeePence,
    leaderboardPaidOnly: quiz.leaderboardPaidOnly,
  };
}

/** The teams the leaderboard shows: all, or with a fee and the quizmaster's choice, those that paid. */
export const boardScores = <T extends { paid: boolean }>(quiz: QuizRow, scores: T[]): T[] =>
  quiz.teamFeePence > 0 && quiz.leaderboardPaidOnly ? scores.filter((s) => s.paid) : scores;

type Score = { teamId: string; name: string; score: number; paid: boolean };

/** The quiz's own questions, without its tie-breaks. */
export const ownQuestions = (questions: QuestionRow[]) => questions.filter((q) => !q.tieBreakTeamIds);

/** The teams in order, with their ranks: points first, then the closed tie-breaks. */
export function rankedOf(
  scores: Score[],
  questions: QuestionRow[],
  tieBreakAnswers: { questionId: string; teamId: string; answer: string }[],
) {
  const tieBreaks: TieBreakResult[] = questions
    .filter((q) => q.tieBreakTeamIds && q.closedAt)
    .map((q) => ({
      answer: q.answer,
      teamIds: q.tieBreakTeamIds ?? [],
      answers: tieBreakAnswers.filter((a) => a.questionId === q.id),
    }));
  return rankTeams(scores, tieBreaks);
}

export function leaderboardOf(
  scores: Score[],
  questions: QuestionRow[],
  tieBreakAnswers: { questionId: string; teamId: string; answer: string }[],
): QuizLeaderboard['teams'] {
  return rankedOf(scores, questions, tieBreakAnswers).map(({ name, score, rank, wonTieBreak }) => ({
    name,
    score,
    rank,
    ...(wonTieBreak && { wonTieBreak: true as const }),
  }));
}

const tieBreakOf = (q: QuestionRow, scores: Score[]) =>
  q.tieBreakTeamIds
    ? {
        teams: q.tieBreakTeamIds.map((id) => scores.find((s) => s.teamId === id)?.name ?? ''),
      }
    : null;

/**
 * The question on show, as a team or the TV may see it: its answer only once it has closed. Null
 * before the first question opens.
 */
export function publicQuestion(
  quiz: QuizRow,
  questions: QuestionRow[],
  scores: Score[],
  publicUrl: string,
): QuizQuestionPublic | null {
  const q = questions.find((x) => x.position === quiz.currentPosition);
  if (!q?.openedAt) return null;
  const next = questions.find((x) => x.position === q.position + 1);
  const own = ownQuestions(questions).length;
  const closed = q.closedAt !== null;
  return {
    id: q.id,
    position: Math.min(q.position, own),
    count: own,
    round: q.round,
    roundTitle: q.roundTitle,
    lastInRound: !next || next.round !== q.round,
    prompt: q.prompt,
    kind: q.kind,
    choices: q.choices ?? null,
    imageUrl: q.imageKey ? fileUrl(publicUrl, q.imageKey) : null,
    points: q.points,
    seconds: q.seconds,
    openedAt: q.openedAt.toISOString(),
    closesAt: closesAtOf(q).toISOString(),
    state: closed ? 'closed' : 'open',
    answer: closed ? q.answer : null,
    tieBreak: tieBreakOf(q, scores),
  };
}

export function adminViewOf(
  quiz: QuizRow,
  questions: QuestionRow[],
  teams: TeamRow[],
  answers: AnswerRow[],
  scores: Score[],
  publicUrl: string,
): QuizAdminView {
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const tieBreakIds = new Set(questions.filter((q) => q.tieBreakTeamIds).map((q) => q.id));
  return {
    quiz: {
      ...summaryOf(quiz, { questionCount: ownQuestions(questions).length, teamCount: teams.length }),
      currentPosition: quiz.currentPosition,
    },
    questions: questions.map((q) => ({
      id: q.id,
      position: q.position,
      round: q.round,
      roundTitle: q.roundTitle,
      prompt: q.prompt,
      kind: q.kind,
      choices: q.choices ?? null,
      answer: q.answer,
      numberMode: q.numberMode,
      points: q.points,
      seconds: q.seconds,
      imageUrl: q.imageKey ? fileUrl(publicUrl, q.imageKey) : null,
      state: q.closedAt ? 'closed' : q.openedAt ? 'open' : 'waiting',
      openedAt: q.openedAt?.toISOString() ?? null,
      closedAt: q.closedAt?.toISOString() ?? null,
      answers: answers
        .filter((a) => a.questionId === q.id)
        .map((a) => ({
          id: a.id,
          teamId: a.teamId,
          teamName: teamName.get(a.teamId) ?? '',
          answer: a.answer,
          correct: a.correct,
          overridden: a.overridden,
          answeredAt: a.answeredAt.toISOString(),
        })),
      tieBreak: tieBreakOf(q, scores),
    })),
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      paidAt: t.paidAt?.toISOString() ?? null,
      paidHow: t.paidHow,
    })),
    leaderboard: leaderboardOf(
      boardScores(quiz, scores),
      questions,
      answers.filter((a) => tieBreakIds.has(a.questionId)),
    ),
  };
}
