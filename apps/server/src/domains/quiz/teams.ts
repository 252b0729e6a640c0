import { createHash, randomBytes } from 'node:crypto';
import type { QuizJoin, QuizJoined, QuizLeaderboard, QuizScreenState, QuizTeamState } from '@lastman/api';
import type { Viewer } from '../../http/guards.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import {
  closedTieBreakAnswers,
  countQuestionAnswers,
  countTeams,
  findQuiz,
  findQuizByCode,
  findShownQuiz,
  findTeamAnswer,
  findTeamByToken,
  insertTeam,
  listQuestions,
  type TeamRow,
  teamScores,
  upsertAnswer,
} from './queries.ts';
import { publishQuiz } from './service.ts';
import { ANSWER_GRACE_MS, boardScores, closesAtOf, leaderboardOf, publicQuestion } from './views.ts';

type TeamServices = Pick<Services, 'db' | 'clock' | 'config' | 'events'>;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
const nameKeyOf = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
/** A finished quiz's leaderboard stays on the TV this long. */
const SHOWN_AFTER_END_MS = 3 * 60 * 60_000;
const NO_TEAM = 'Join the quiz with its code first: your team’s phone holds its place.';

/** A team joins a quiz by its code: no account, a random token kept by the phone (its hash here). */
export async function joinQuiz(
  services: TeamServices,
  input: QuizJoin,
): Promise<{ joined: QuizJoined; token: string }> {
  const code = input.code.replace(/\s+/g, '').toUpperCase();
  const quiz = await findQuizByCode(services.db, { joinCode: code });
  if (!quiz || quiz.status === 'finished') {
    throw new AppError('NOT_FOUND', 'No quiz is running with that code: check it on the screen.');
  }
  const token = randomBytes(32).toString('base64url');
  const team = await insertTeam(services.db, {
    clubId: quiz.clubId,
    quizId: quiz.id,
    name: input.teamName,
    nameKey: nameKeyOf(input.teamName),
    tokenHash: hash(token),
  });
  if (!team)
    throw new AppError(
      'CONFLICT',
      `A team called “${input.teamName}” is already playing: pick another name.`,
    );
  await publishQuiz(services, quiz.clubId, quiz.id, 'team');
  return {
    joined: {
      team: { id: team.id, name: team.name },
      quiz: { id: quiz.id, title: quiz.title, teamFeePence: quiz.teamFeePence },
    },
    token,
  };
}

/** The team the phone's token names, in this quiz: 401 without a team, 403 for a team of another quiz. */
async function teamIn(services: TeamServices, token: string | undefined, quizId: string): Promise<TeamRow> {
  const team = token ? await findTeamByToken(services.db, { tokenHash: hash(token) }) : undefined;
  if (!team) throw new AppError('UNAUTHENTICATED', NO_TEAM);
  if (team.quizId !== quizId) throw new AppError('FORBIDDEN', 'Your team is playing another quiz.');
  return team;
}

/** Whom a team's live stream is for: its club, team and quiz. */
export async function teamAudience(
  services: TeamServices,
  { token, quizId }: { token: string | undefined; quizId: string },
): Promise<{ clubId: string; teamId: string; quizId: string }> {
  const team = await teamIn(services, token, quizId);
  return { clubId: team.clubId, teamId: team.id, quizId: team.quizId };
}

async function quizOfTeam(services: TeamServices, team: TeamRow) {
  const quiz = await findQuiz(services.db, { clubId: team.clubId, quizId: team.quizId });
  if (!quiz) throw notFound('The quiz');
  return quiz;
}

export async function teamState(
  services: TeamServices,
  { token, quizId }: { token: string | undefined; quizId: string },
): Promise<QuizTeamState> {
  const team = await teamIn(services, token, quizId);
  const quiz = await quizOfTeam(services, team);
  const scope = { clubId: team.clubId, quizId };
  const [questions, scores, tieBreakAnswers] = await Promise.all([
    listQuestions(services.db, scope),
    teamScores(services.db, scope),
    closedTieBreakAnswers(services.db, scope),
  ]);
  const question = publicQuestion(quiz, questions, scores, services.config.PUBLIC_URL);
  const mine = question
    ? await findTeamAnswer(services.db, { clubId: team.clubId, questionId: question.id, teamId: team.id })
    : undefined;
  return {
    quiz: { id: quiz.id, title: quiz.title, status: quiz.status, teamFeePence: quiz.teamFeePence },
    team: { id: team.id, name: team.name, paid: quiz.teamFeePence === 0 || team.paidAt !== null },
    question,
    yourAnswer: mine
      ? { answer: mine.answer, correct: question?.state === 'closed' ? mine.correct : null }
      : null,
    leaderboard: leaderboardOf(boardScores(quiz, scores), questions, tieBreakAnswers),
  };
}

/** The team's answer to the question on show; a later one replaces it until the question closes. */
export async function answerQuestion(
  services: TeamServices,
  {
    token,
    quizId,
    questionId,
    answer,
  }: { token: string | undefined; quizId: string; questionId: string; answer: string },
) {
  const team = await teamIn(services, token, quizId);
  const quiz = await quizOfTeam(services, team);
  const questions = await listQuestions(services.db, { clubId: team.clubId, quizId });
  const question = questions.find((q) => q.id === questionId);
  if (!question) throw notFound('The question');
  const now = services.clock.now();
  if (
    question.closedAt ||
    (question.openedAt && now.getTime() > closesAtOf(question).getTime() + ANSWER_GRACE_MS)
  ) {
    throw new AppError('CONFLICT', 'Time is up: that question has closed.');
  }
  if (!question.openedAt || question.position !== quiz.currentPosition) {
    throw new AppError('CONFLICT', 'That question is not open yet.');
  }
  if (question.tieBreakTeamIds && !question.tieBreakTeamIds.includes(team.id)) {
    throw new AppError('FORBIDDEN', 'Only the tied teams answer the tie-break.');
  }
  if (question.kind === 'choice' && !(question.choices ?? []).includes(answer)) {
    throw new AppError('BAD_REQUEST', 'Pick one of the choices given.');
  }
  const saved = await upsertAnswer(services.db, {
    clubId: team.clubId,
    quizId,
    questionId,
    teamId: team.id,
    answer,
    answeredAt: now,
  });
  return { answer: saved.answer, answeredAt: saved.answeredAt.toISOString() };
}

/** The leaderboard: for a team of the quiz, or a member of its club. */
export async function quizLeaderboard(
  services: TeamServices,
  { token, viewer, quizId }: { token: string | undefined; viewer: Viewer | null; quizId: string },
): Promise<QuizLeaderboard> {
  let clubId: string | undefined;
  if (viewer && (await findQuiz(services.db, { clubId: viewer.clubId, quizId }))) clubId = viewer.clubId;
  else if (token) clubId = (await teamIn(services, token, quizId)).clubId;
  if (!clubId) {
    if (viewer) throw notFound('The quiz');
    throw new AppError('UNAUTHENTICATED', NO_TEAM);
  }
  const scope = { clubId, quizId };
  const [quiz, questions, scores, tieBreakAnswers] = await Promise.all([
    findQuiz(services.db, scope),
    listQuestions(services.db, scope),
    teamScores(services.db, scope),
    closedTieBreakAnswers(services.db, scope),
  ]);
  if (!quiz) throw notFound('The quiz');
  return { teams: leaderboardOf(boardScores(quiz, scores), questions, tieBreakAnswers) };
}

/** What the club's paired TV shows: its running quiz, the question on show, the leaderboard. */
export async function screenQuiz(
  services: TeamServices,
  { clubId }: { clubId: string },
): Promise<QuizScreenState> {
  const finishedSince = new Date(services.clock.now().getTime() - SHOWN_AFTER_END_MS);
  const quiz = await findShownQuiz(services.db, { clubId, finishedSince });
  if (!quiz) return { quiz: null, question: null, answered: 0, leaderboard: [] };
  const scope = { clubId, quizId: quiz.id };
  const [questions, scores, teamCount, tieBreakAnswers] = await Promise.all([
    listQuestions(services.db, scope),
    teamScores(services.db, scope),
    countTeams(services.db, scope),
    closedTieBreakAnswers(services.db, scope),
  ]);
  const question = publicQuestion(quiz, questions, scores, services.config.PUBLIC_URL);
  return {
    quiz: { id: quiz.id, title: quiz.title, joinCode: quiz.joinCode, status: quiz.status, teamCount },
    question,
    answered: question ? await countQuestionAnswers(services.db, { clubId, questionId: question.id }) : 0,
    leaderboard: leaderboardOf(boardScores(quiz, scores), questions, tieBreakAnswers),
  };
}
