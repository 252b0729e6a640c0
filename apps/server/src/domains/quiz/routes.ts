import {
  QuizAdminView,
  QuizAnswerInput,
  QuizAnswerParams,
  QuizAnswerSaved,
  QuizCopy,
  QuizCreated,
  QuizIdParams,
  QuizImport,
  QuizInput,
  QuizJoin,
  QuizJoined,
  QuizLeaderboard,
  QuizList,
  QuizMark,
  QuizMarked,
  QuizNight,
  QuizQuestionParams,
  QuizScreenState,
  QuizSettings,
  QuizTeamParams,
  QuizTeamPayment,
  QuizTeamState,
  QuizTieBreak,
  ScreenCurrentQuery,
} from '@lastman/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../http/access.ts';
import { currentViewer } from '../../http/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { closedOnShutdown, pairedScreenClub, SCREEN_COOKIE, serveLiveStream } from '../game/index.ts';
import {
  closeQuestion,
  copyQuiz,
  createQuiz,
  importQuiz,
  markByHand,
  openNextQuestion,
  openTieBreak,
  quizAdminView,
  quizList,
  quizSettingsOf,
  recordTeamPayment,
  startQuiz,
  updateQuizNight,
  updateQuizSettings,
} from './service.ts';
import { answerQuestion, joinQuiz, quizLeaderboard, screenQuiz, teamAudience, teamState } from './teams.ts';
import { quizImageRoutes } from './upload-routes.ts';

/** The team's phone holds this HttpOnly cookie, sent only to the teams' endpoints. */
export const TEAM_COOKIE = 'lastman-quiz';
const TEAM_COOKIE_PATH = '/api/quizzes';
/** A quiz night, with time to spare: the team's place is kept through a reload or a dropped connection. */
const TEAM_COOKIE_MAX_AGE = 12 * 60 * 60;

const tags = ['quiz'];
const adminTags = ['admin', 'quiz'];

export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenOf = (request: FastifyRequest): string | undefined => request.cookies[TEAM_COOKIE];
  const quizmaster = (summary: string) => ({ tags: adminTags, summary });

  app.post(
    '/api/admin/quizzes',
    {
      schema: {
        ...quizmaster('Write a quiz: its rounds and questions, with a code for teams to join'),
        body: QuizInput,
        response: { 201: QuizCreated, ...refusals(403) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      reply.status(201).send({ quiz: await createQuiz(app.services, viewerOf(request), request.body) }),
  );

  app.post(
    '/api/admin/quizzes/import',
    {
      schema: {
        ...quizmaster(
          'Write a quiz from a CSV file: round,prompt,kind,choices,answer,points (choices split by |)',
        ),
        description:
          'A 400 names each mistake by its line (the header is line 1); nothing is saved until all are right.',
        body: QuizImport,
        response: { 201: QuizCreated, ...refusals(400, 403) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      reply.status(201).send({ quiz: await importQuiz(app.services, viewerOf(request), request.body) }),
  );

  app.post(
    '/api/admin/quizzes/:id/copy',
    {
      schema: {
        ...quizmaster('Copy a quiz for next week: its questions, a new join code, no teams'),
        params: QuizIdParams,
        body: QuizCopy,
        response: { 201: QuizCreated, ...refusals(403, 404) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      reply.status(201).send({
        quiz: await copyQuiz(app.services, viewerOf(request), {
          quizId: request.params.id,
          title: request.body.title,
        }),
      }),
  );

  app.get(
    '/api/admin/quizzes',
    {
      schema: {
        ...quizmaster("The club's quizzes, newest first"),
        response: { 200: QuizList, ...refusals(403) },
      },
      config: { access: 'staff' },
    },
    async (request) => quizList(app.services, viewerOf(request)),
  );

  app.get(
    '/api/admin/quizzes/:id',
    {
      schema: {
        ...quizmaster("The quizmaster's view: every question with its answer, and every team's answers"),
        params: QuizIdParams,
        response: { 200: QuizAdminView, ...refusals(403, 404) },
      },
      config: { access: 'staff' },
    },
    async (request) => quizAdminView(app.services, viewerOf(request), { quizId: request.params.id }),
  );

  const step = (path: string, summary: string, run: typeof startQuiz) =>
    app.post(
      path,
      {
        schema: {
          ...quizmaster(summary),
          params: QuizIdParams,
          response: { 200: QuizAdminView, ...refusals(403, 404, 409) },
        },
        config: { access: 'staff' },
      },
      async (request) => run(app.services, viewerOf(request), { quizId: request.params.id }),
    );
  step('/api/admin/quizzes/:id/start', 'Start the quiz: the TV shows its join code and QR', startQuiz);
  step(
    '/api/admin/quizzes/:id/next',
    'Open the next question (409 while one is open, or after the last)',
    openNextQuestion,
  );
  step(
    '/api/admin/quizzes/:id/close',
    'Close the question on show and mark its answers (409 when none is open)',
    closeQuestion,
  );

  app.post(
    '/api/admin/quizzes/:id/tie-break',
    {
      schema: {
        ...quizmaster(
          'Settle a tie once the questions are done: a nearest-number question for the tied teams only',
        ),
        description:
          'Opens at once for the teams sharing `rank` (1 unless given); it scores nothing. Close it with /close: the nearest team is put first among them on the leaderboard. 409 while a question is open, before the last question has closed, or when no teams share that rank.',
        params: QuizIdParams,
        body: QuizTieBreak,
        response: { 200: QuizAdminView, ...refusals(400, 403, 404, 409) },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      openTieBreak(app.services, viewerOf(request), { quizId: request.params.id, input: request.body }),
  );

  app.patch(
    '/api/admin/quizzes/:id',
    {
      schema: {
        ...quizmaster(
          "The quiz's night: the club's event it belongs to, each team's entry fee, who is on the board",
        ),
        description:
          'teamFeePence is in pence (0: free, at most 5000); leaderboardPaidOnly, with a fee, leaves teams that have not paid off the leaderboard. A 400 for an event not on the club’s calendar.',
        params: QuizIdParams,
        body: QuizNight,
        response: { 200: QuizAdminView, ...refusals(400, 403, 404) },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      updateQuizNight(app.services, viewerOf(request), { quizId: request.params.id, input: request.body }),
  );

  app.put(
    '/api/admin/quizzes/:id/teams/:teamId/payment',
    {
      schema: {
        ...quizmaster("Record a team's entry fee paid in cash at the bar, or take the record back"),
        params: QuizTeamParams,
        body: QuizTeamPayment,
        response: { 200: QuizAdminView, ...refusals(403, 404, 409) },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      recordTeamPayment(app.services, viewerOf(request), {
        quizId: request.params.id,
        teamId: request.params.teamId,
        paid: request.body.paid,
      }),
  );

  app.patch(
    '/api/admin/quizzes/:id/answers/:answerId',
    {
      schema: {
        ...quizmaster("Override a team's mark, once the question has closed"),
        params: QuizAnswerParams,
        body: QuizMark,
        response: { 200: QuizMarked, ...refusals(403, 404, 409) },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      markByHand(app.services, viewerOf(request), {
        quizId: request.params.id,
        answerId: request.params.answerId,
        correct: request.body.correct,
      }),
  );

  app.get(
    '/api/admin/quiz-settings',
    {
      schema: { ...quizmaster('Whether staff may run quizzes'), response: { 200: QuizSettings } },
      config: { access: 'staff' },
    },
    async (request) => quizSettingsOf(app.services, viewerOf(request)),
  );

  app.put(
    '/api/admin/quiz-settings',
    {
      schema: {
        ...quizmaster('Let staff run quizzes, or not'),
        body: QuizSettings,
        response: { 200: QuizSettings },
      },
      config: { access: 'admin' },
    },
    async (request) => updateQuizSettings(app.services, viewerOf(request), request.body),
  );

  // The teams: no account, the team cookie set on joining is what a phone holds.
  app.post(
    '/api/quizzes/join',
    {
      schema: {
        tags,
        summary: 'A team joins a quiz by the code on the screen (no account: a team cookie)',
        body: QuizJoin,
        response: { 201: QuizJoined, ...refusals(404, 409) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { joined, token } = await joinQuiz(app.services, request.body);
      reply.setCookie(TEAM_COOKIE, token, {
        path: TEAM_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.services.config.PUBLIC_URL.startsWith('https://'),
        maxAge: TEAM_COOKIE_MAX_AGE,
      });
      return reply.status(201).send(joined);
    },
  );

  app.get(
    '/api/quizzes/:id/state',
    {
      schema: {
        tags,
        summary:
          "What the team's phone shows: the question on show and the team's answer (no answer before it closes)",
        params: QuizIdParams,
        response: { 200: QuizTeamState, ...refusals(401, 403, 404) },
      },
      config: { access: 'public' },
    },
    async (request) => teamState(app.services, { token: tokenOf(request), quizId: request.params.id }),
  );

  app.put(
    '/api/quizzes/:id/answers/:questionId',
    {
      schema: {
        tags,
        summary: "The team's answer to the question on show (its last answer counts)",
        description: '401 without a team, 403 for a team of another quiz, 409 once the question has closed.',
        params: QuizQuestionParams,
        body: QuizAnswerInput,
        response: { 200: QuizAnswerSaved, ...refusals(400, 401, 403, 404, 409) },
      },
      config: { access: 'public' },
    },
    async (request) =>
      answerQuestion(app.services, {
        token: tokenOf(request),
        quizId: request.params.id,
        questionId: request.params.questionId,
        answer: request.body.answer,
      }),
  );

  app.get(
    '/api/quizzes/:id/leaderboard',
    {
      schema: {
        tags,
        summary: "The quiz's leaderboard (for its teams and the club's members); ties share a rank",
        params: QuizIdParams,
        response: { 200: QuizLeaderboard, ...refusals(401, 403, 404) },
      },
      config: { access: 'public' },
    },
    async (request) =>
      quizLeaderboard(app.services, {
        token: tokenOf(request),
        viewer: await currentViewer(request),
        quizId: request.params.id,
      }),
  );

  const streams = closedOnShutdown(app);
  app.get(
    '/api/quizzes/:id/live',
    {
      schema: {
        tags: [...tags, 'live'],
        summary: "The quiz's live events for a team's phone, as Server-Sent Events",
        description:
          'A comment at once, then a `quiz` event (data: the quiz id and what changed) whenever a question opens or closes or marks change: fetch the state again. `Last-Event-ID` on reconnecting replays what was missed.',
        params: QuizIdParams,
        headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
        response: {
          200: { content: { 'text/event-stream': { schema: z.string() } } },
          ...refusals(401, 403, 404, 429, 503),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const team = await teamAudience(app.services, { token: tokenOf(request), quizId: request.params.id });
      if (request.method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').send('');
      const { quizId } = team;
      return serveLiveStream(
        app.services.events,
        { clubId: team.clubId, sessionToken: `quiz-team:${team.teamId}` },
        request,
        reply,
        streams,
        undefined,
        (e) => e.type === 'quiz' && (e.data as { quizId?: string }).quizId === quizId,
      );
    },
  );

  // The club's paired TV (its device cookie is sent to /api/screens only).
  app.get(
    '/api/screens/current/quiz',
    {
      schema: {
        tags: [...tags, 'game'],
        summary:
          "What the paired TV shows of the club's quiz: join code, question, countdown, answer once closed, leaderboard",
        querystring: ScreenCurrentQuery,
        response: { 200: QuizScreenState, ...refusals(404) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const { clubId } = await pairedScreenClub(app.services, {
        club: request.query.club,
        deviceToken: request.cookies[SCREEN_COOKIE],
      });
      return screenQuiz(app.services, { clubId });
    },
  );

  await app.register(quizImageRoutes);
};
