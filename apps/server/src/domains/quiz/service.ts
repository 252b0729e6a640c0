import { randomInt } from 'node:crypto';
import type {
  QuizAdminView,
  QuizImport,
  QuizInput,
  QuizList,
  QuizNight,
  QuizSettings,
  QuizSummary,
  QuizTieBreak,
} from '@lastman/api';
import { QUIZ_EVENT, QUIZ_LIMITS } from '@lastman/api';
import type { DbOrTx } from '../../db/client.ts';
import type { Viewer } from '../../http/guards.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { findEvent } from '../content/index.ts';
import { quizFromCsv } from './csv-import.ts';
import { markAll } from './marking.ts';
import {
  closedTieBreakAnswers,
  findQuiz,
  findSettings,
  insertQuestions,
  insertQuiz,
  listAnswers,
  listQuestionAnswers,
  listQuestions,
  listQuizzes,
  listTeams,
  overrideMark,
  saveMarks,
  saveSettings,
  setQuestionTimes,
  setQuizState,
  setTeamPaid,
  teamScores,
} from './queries.ts';
import { adminViewOf, boardScores, ownQuestions, rankedOf, summaryOf } from './views.ts';

type QuizServices = Pick<Services, 'db' | 'clock' | 'config' | 'events'>;

/** No 0/O or 1/I: a code read off a TV across a pub. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LIST_LIMIT = 100;

export const newJoinCode = () =>
  Array.from({ length: QUIZ_LIMITS.codeLength }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(
    '',
  );

/** The quizmaster: the club's admin, or its staff when the admin lets staff run quizzes. */
export async function assertQuizmaster(db: DbOrTx, viewer: Viewer): Promise<void> {
  if (viewer.role === 'admin') return;
  if (viewer.role === 'staff' && (await findSettings(db, { clubId: viewer.clubId })).staffCanRun) return;
  throw new AppError(
    'FORBIDDEN',
    'Quizzes are run by the club’s admins, and by staff when an admin allows it.',
  );
}

/** Tells every screen of the club (both processes' through Redis) that the quiz changed. */
export async function publishQuiz(
  services: Pick<Services, 'events'>,
  clubId: string,
  quizId: string,
  what: 'opened' | 'closed' | 'marked' | 'team' | 'answered',
): Promise<void> {
  await services.events.publish({ clubId, type: QUIZ_EVENT, data: { type: QUIZ_EVENT, quizId, what } });
}

type Night = Required<{ [K in keyof QuizNight]: Exclude<QuizNight[K], undefined> }>;

export async function createQuiz(
  services: QuizServices,
  viewer: Viewer,
  input: QuizInput,
  /** A copy keeps the night it was copied from: its event, fee and leaderboard rule. */
  night?: Night,
): Promise<QuizSummary> {
  await assertQuizmaster(services.db, viewer);
  const ownImages = `quiz/${viewer.clubId}/`;
  for (const round of input.rounds) {
    for (const q of round.questions) {
      if (q.imageKey && !q.imageKey.startsWith(ownImages)) {
        throw new AppError(
          'BAD_REQUEST',
          `The picture of “${q.prompt.slice(0, 40)}” was not uploaded here: upload it again.`,
        );
      }
    }
  }
  return services.db.transaction(async (tx) => {
    let quiz: Awaited<ReturnType<typeof insertQuiz>>;
    for (let attempt = 0; attempt < 10 && !quiz; attempt++) {
      quiz = await insertQuiz(tx, {
        clubId: viewer.clubId,
        title: input.title,
        joinCode: newJoinCode(),
        createdBy: viewer.userId,
        ...night,
      });
    }
    if (!quiz)
      throw new AppError('SERVICE_UNAVAILABLE', 'No join code is free just now. Try again in a minute.');
    const quizId = quiz.id;
    let position = 0;
    const rows = input.rounds.flatMap((round, r) =>
      round.questions.map((q) => ({
        clubId: viewer.clubId,
        quizId,
        position: ++position,
        round: r + 1,
        roundTitle: round.title,
        prompt: q.prompt,
        kind: q.kind,
        choices: q.choices ?? null,
        answer: q.answer,
        numberMode: q.numberMode ?? 'exact',
        points: q.points ?? 1,
        seconds: q.seconds ?? QUIZ_LIMITS.secondsDefault,
        imageKey: q.kind === 'picture' ? (q.imageKey ?? null) : null,
      })),
    );
    await insertQuestions(tx, rows);
    return summaryOf(quiz, { questionCount: rows.length, teamCount: 0 });
  });
}

/** A quiz from a CSV file: every error named by its line, none saved unless all are right. */
export async function importQuiz(
  services: QuizServices,
  viewer: Viewer,
  input: QuizImport,
): Promise<QuizSummary> {
  await assertQuizmaster(services.db, viewer);
  const result = quizFromCsv(input.title, input.csv);
  if (!result.ok) {
    throw new AppError('BAD_REQUEST', `The file has mistakes: ${result.errors.slice(0, 20).join(' ')}`);
  }
  return createQuiz(services, viewer, result.quiz);
}

/** Next week's quiz: this one's rounds and questions (pictures too), a new code, no teams or answers. */
export async function copyQuiz(
  services: QuizServices,
  viewer: Viewer,
  { quizId, title }: { quizId: string; title?: string | undefined },
): Promise<QuizSummary> {
  await assertQuizmaster(services.db, viewer);
  const quiz = await findQuiz(services.db, { clubId: viewer.clubId, quizId });
  if (!quiz) throw notFound('The quiz');
  const questions = ownQuestions(await listQuestions(services.db, { clubId: viewer.clubId, quizId }));
  const rounds: QuizInput['rounds'] = [];
  for (const q of questions) {
    let round = rounds[q.round - 1];
    if (!round) {
      round = { title: q.roundTitle, questions: [] };
      rounds[q.round - 1] = round;
    }
    round.questions.push({
      prompt: q.prompt,
      kind: q.kind,
      answer: q.answer,
      ...(q.choices && { choices: q.choices }),
      ...(q.kind === 'number' && { numberMode: q.numberMode }),
      ...(q.imageKey && { imageKey: q.imageKey }),
      points: q.points,
      seconds: q.seconds,
    });
  }
  return createQuiz(
    services,
    viewer,
    { title: title ?? quiz.title, rounds: rounds.filter(Boolean) },
    { eventId: quiz.eventId, teamFeePence: quiz.teamFeePence, leaderboardPaidOnly: quiz.leaderboardPaidOnly },
  );
}

export async function quizList(services: QuizServices, viewer: Viewer): Promise<QuizList> {
  await assertQuizmaster(services.db, viewer);
  const rows = await listQuizzes(services.db, { clubId: viewer.clubId, limit: LIST_LIMIT });
  return { quizzes: rows.map((r) => summaryOf(r.quiz, r)) };
}

async function viewOf(
  services: QuizServices,
  db: DbOrTx,
  clubId: string,
  quizId: string,
): Promise<QuizAdminView> {
  const quiz = await findQuiz(db, { clubId, quizId });
  if (!quiz) throw notFound('The quiz');
  const scope = { clubId, quizId };
  const [questions, teams, answers, scores] = await Promise.all([
    listQuestions(db, scope),
    listTeams(db, scope),
    listAnswers(db, scope),
    teamScores(db, scope),
  ]);
  return adminViewOf(quiz, questions, teams, answers, scores, services.config.PUBLIC_URL);
}

export async function quizAdminView(services: QuizServices, viewer: Viewer, { quizId }: { quizId: string }) {
  await assertQuizmaster(services.db, viewer);
  return viewOf(services, services.db, viewer.clubId, quizId);
}

/** Starts the quiz: the TV shows its join code and QR, and teams join before the first question. */
export async function startQuiz(services: QuizServices, viewer: Viewer, { quizId }: { quizId: string }) {
  await assertQuizmaster(services.db, viewer);
  const clubId = viewer.clubId;
  const view = await services.db.transaction(async (tx) => {
    const quiz = await findQuiz(tx, { clubId, quizId, forUpdate: true });
    if (!quiz) throw notFound('The quiz');
    if (quiz.status === 'finished')
      throw new AppError('CONFLICT', 'That quiz is over: copy it to run it again.');
    if (quiz.status === 'draft') {
      await setQuizState(tx, {
        clubId,
        quizId,
        changes: { status: 'running', updatedAt: services.clock.now() },
      });
    }
    return viewOf(services, tx, clubId, quizId);
  });
  await publishQuiz(services, clubId, quizId, 'opened');
  return view;
}

/** Opens the next question: the one on show must have closed first. */
export async function openNextQuestion(
  services: QuizServices,
  viewer: Viewer,
  { quizId }: { quizId: string },
) {
  await assertQuizmaster(services.db, viewer);
  const clubId = viewer.clubId;
  const view = await services.db.transaction(async (tx) => {
    const quiz = await findQuiz(tx, { clubId, quizId, forUpdate: true });
    if (!quiz) throw notFound('The quiz');
    const questions = await listQuestions(tx, { clubId, quizId });
    const current = questions.find((q) => q.position === quiz.currentPosition);
    if (current?.openedAt && !current.closedAt) {
      throw new AppError('CONFLICT', 'Close the question on show before opening the next one.');
    }
    const next = questions.find((q) => q.position === quiz.currentPosition + 1);
    if (!next) throw new AppError('CONFLICT', 'That was the last question: the quiz is over.');
    await setQuestionTimes(tx, { clubId, questionId: next.id, changes: { openedAt: services.clock.now() } });
    await setQuizState(tx, {
      clubId,
      quizId,
      changes: { status: 'running', currentPosition: next.position, updatedAt: services.clock.now() },
    });
    return viewOf(services, tx, clubId, quizId);
  });
  await publishQuiz(services, clubId, quizId, 'opened');
  return view;
}

/** Closes the question on show and marks its answers; the last question's close ends the quiz. */
export async function closeQuestion(services: QuizServices, viewer: Viewer, { quizId }: { quizId: string }) {
  await assertQuizmaster(services.db, viewer);
  const clubId = viewer.clubId;
  const view = await services.db.transaction(async (tx) => {
    const quiz = await findQuiz(tx, { clubId, quizId, forUpdate: true });
    if (!quiz) throw notFound('The quiz');
    const questions = await listQuestions(tx, { clubId, quizId });
    const current = questions.find((q) => q.position === quiz.currentPosition);
    if (!current?.openedAt || current.closedAt) {
      throw new AppError('CONFLICT', 'No question is open: open the next one first.');
    }
    await setQuestionTimes(tx, {
      clubId,
      questionId: current.id,
      changes: { closedAt: services.clock.now() },
    });
    const given = await listQuestionAnswers(tx, { clubId, questionId: current.id });
    const marks = markAll(current, given);
    const right = given.filter((a) => marks.get(a.id)).map((a) => a.id);
    await saveMarks(tx, { clubId, questionId: current.id, right });
    if (current.position >= ownQuestions(questions).length) {
      await setQuizState(tx, {
        clubId,
        quizId,
        changes: { status: 'finished', updatedAt: services.clock.now() },
      });
    }
    return viewOf(services, tx, clubId, quizId);
  });
  await publishQuiz(services, clubId, quizId, 'closed');
  return view;
}

/**
 * Settles a tie once the questions are done: a nearest-number question, open at once, for the teams
 * sharing the rank named (the lead unless told). It scores nothing; closing it (the usual close)
 * orders those teams on the leaderboard.
 */
export async function openTieBreak(
  services: QuizServices,
  viewer: Viewer,
  { quizId, input }: { quizId: string; input: QuizTieBreak },
) {
  await assertQuizmaster(services.db, viewer);
  const clubId = viewer.clubId;
  const rank = input.rank ?? 1;
  const view = await services.db.transaction(async (tx) => {
    const quiz = await findQuiz(tx, { clubId, quizId, forUpdate: true });
    if (!quiz) throw notFound('The quiz');
    const scope = { clubId, quizId };
    const questions = await listQuestions(tx, scope);
    if (questions.some((q) => q.openedAt && !q.closedAt)) {
      throw new AppError('CONFLICT', 'Close the question on show first.');
    }
    if (ownQuestions(questions).some((q) => !q.closedAt)) {
      throw new AppError('CONFLICT', 'A tie-break comes after the last question: finish the quiz first.');
    }
    const [scores, tieBreakAnswers] = await Promise.all([
      teamScores(tx, scope),
      closedTieBreakAnswers(tx, scope),
    ]);
    const tied = rankedOf(boardScores(quiz, scores), questions, tieBreakAnswers).filter(
      (t) => t.rank === rank,
    );
    if (tied.length < 2) {
      throw new AppError('CONFLICT', `No teams share place ${rank}: there is no tie to break there.`);
    }
    const last = questions[questions.length - 1];
    const position = (last?.position ?? 0) + 1;
    const now = services.clock.now();
    await insertQuestions(tx, [
      {
        clubId,
        quizId,
        position,
        round: (last?.round ?? 0) + 1,
        roundTitle: 'Tie-break',
        prompt: input.prompt,
        kind: 'number',
        answer: String(input.answer),
        numberMode: 'closest',
        points: 0,
        seconds: input.seconds ?? QUIZ_LIMITS.secondsDefault,
        tieBreakTeamIds: tied.map((t) => t.teamId),
        openedAt: now,
      },
    ]);
    await setQuizState(tx, { clubId, quizId, changes: { currentPosition: position, updatedAt: now } });
    return viewOf(services, tx, clubId, quizId);
  });
  await publishQuiz(services, clubId, quizId, 'opened');
  return view;
}

/** The quizmaster's own mark on an answer, once its question has closed. */
export async function markByHand(
  services: QuizServices,
  viewer: Viewer,
  { quizId, answerId, correct }: { quizId: string; answerId: string; correct: boolean },
) {
  await assertQuizmaster(services.db, viewer);
  const clubId = viewer.clubId;
  const view = await services.db.transaction(async (tx) => {
    const quiz = await findQuiz(tx, { clubId, quizId, forUpdate: true });
    if (!quiz) throw notFound('The quiz');
    const before = (await listAnswers(tx, { clubId, quizId })).find((a) => a.id === answerId);
    if (!before) throw notFound('The answer');
    const question = (await listQuestions(tx, { clubId, quizId })).find((q) => q.id === before.questionId);
    if (!question?.closedAt) {
      throw new AppError('CONFLICT', 'The question is still open: close it, then change its marks.');
    }
    await overrideMark(tx, { clubId, quizId, answerId, correct });
    return viewOf(services, tx, clubId, quizId);
  });
  await publishQuiz(services, clubId, quizId, 'marked');
  const answer = view.questions.flatMap((q) => q.answers).find((a) => a.id === answerId);
  if (!answer) throw notFound('The answer');
  return { answer };
}

/** The night around the quiz: the club's event it belongs to, each team's fee, who shows on the board. */
export async function updateQuizNight(
  services: QuizServices,
  viewer: Viewer,
  { quizId, input }: { quizId: string; input: QuizNight },
) {
  await assertQuizmaster(services.db, viewer);
  const clubId = viewer.clubId;
  const view = await services.db.transaction(async (tx) => {
    const quiz = await findQuiz(tx, { clubId, quizId, forUpdate: true });
    if (!quiz) throw notFound('The quiz');
    if (input.eventId && !(await findEvent(tx, { clubId, eventId: input.eventId }))) {
      throw new AppError('BAD_REQUEST', 'That event is not on the club’s calendar.');
    }
    await setQuizState(tx, {
      clubId,
      quizId,
      changes: {
        ...(input.eventId !== undefined && { eventId: input.eventId }),
        ...(input.teamFeePence !== undefined && { teamFeePence: input.teamFeePence }),
        ...(input.leaderboardPaidOnly !== undefined && { leaderboardPaidOnly: input.leaderboardPaidOnly }),
        updatedAt: quiz.updatedAt,
      },
    });
    return viewOf(services, tx, clubId, quizId);
  });
  await publishQuiz(services, clubId, quizId, 'marked');
  return view;
}

/** The quizmaster records a team's entry fee paid in cash at the bar, or takes that back. */
export async function recordTeamPayment(
  services: QuizServices,
  viewer: Viewer,
  { quizId, teamId, paid }: { quizId: string; teamId: string; paid: boolean },
) {
  await assertQuizmaster(services.db, viewer);
  const clubId = viewer.clubId;
  const view = await services.db.transaction(async (tx) => {
    const quiz = await findQuiz(tx, { clubId, quizId, forUpdate: true });
    if (!quiz) throw notFound('The quiz');
    if (paid && quiz.teamFeePence === 0) {
      throw new AppError('CONFLICT', 'This quiz is free: there is no fee to record.');
    }
    const row = await setTeamPaid(tx, {
      clubId,
      quizId,
      teamId,
      paid: paid ? { at: services.clock.now(), how: 'cash', by: viewer.userId } : null,
    });
    if (!row) throw notFound('The team');
    return viewOf(services, tx, clubId, quizId);
  });
  await publishQuiz(services, clubId, quizId, 'marked');
  return view;
}

export async function quizSettingsOf(services: QuizServices, viewer: Viewer): Promise<QuizSettings> {
  return findSettings(services.db, { clubId: viewer.clubId });
}

export async function updateQuizSettings(
  services: QuizServices,
  viewer: Viewer,
  input: QuizSettings,
): Promise<QuizSettings> {
  await saveSettings(services.db, { clubId: viewer.clubId, staffCanRun: input.staffCanRun });
  return input;
}
