import type { QuizAdminView, QuizLeaderboard, QuizQuestionPublic, QuizSummary } from '@lastman/api';
import { fileUrl } from '../../lib/storage.ts';
import { rankTeams } from './marking.ts';
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
  };
}

export function leaderboardOf(scores: { name: string; score: number }[]): QuizLeaderboard['teams'] {
  return rankTeams(scores).map(({ name, score, rank }) => ({ name, score, rank }));
}

/**
 * The question on show, as a team or the TV may see it: its answer only once it has closed. Null
 * before the first question opens.
 */
export function publicQuestion(
  quiz: QuizRow,
  questions: QuestionRow[],
  publicUrl: string,
): QuizQuestionPublic | null {
  const q = questions.find((x) => x.position === quiz.currentPosition);
  if (!q?.openedAt) return null;
  const next = questions.find((x) => x.position === q.position + 1);
  const closed = q.closedAt !== null;
  return {
    id: q.id,
    position: q.position,
    count: questions.length,
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
  };
}

export function adminViewOf(
  quiz: QuizRow,
  questions: QuestionRow[],
  teams: TeamRow[],
  answers: AnswerRow[],
  scores: { name: string; score: number }[],
  publicUrl: string,
): QuizAdminView {
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  return {
    quiz: {
      ...summaryOf(quiz, { questionCount: questions.length, teamCount: teams.length }),
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
    })),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    leaderboard: leaderboardOf(scores),
  };
}
