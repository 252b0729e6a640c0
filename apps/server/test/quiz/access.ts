import { expect } from 'vitest';
import {
  type AccessRows,
  at,
  inOtherClub,
  MULTIPART_TYPE,
  multipartPng,
  type World,
} from '../support/access-matrix.ts';
import type { HttpClient } from '../support/http-client.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * The access matrix's rows of this domain's routes. Quiz night: the quizmaster's routes on the first
 * club's running quiz, the teams' and the TV's. Assembled with every other domain's rows by
 * test/platform/access-matrix.test.ts.
 */
export const quizAccess: AccessRows = (w) => {
  const q = w.quiz;
  const noTeam = "a team's cookie is the key to it, and no caller joined a team (quiz-api test)";
  return {
    'POST /api/admin/quizzes': {
      call: at('/api/admin/quizzes', {
        title: 'Matrix quiz night',
        rounds: [{ title: 'Warm-up', questions: [{ prompt: 'Two and two?', kind: 'number', answer: '4' }] }],
      }),
    },
    'POST /api/admin/quizzes/import': {
      call: at('/api/admin/quizzes/import', {
        title: 'Matrix quiz from a file',
        csv: 'round,prompt,kind,choices,answer,points\nWarm-up,Two and two?,number,,4,1\n',
      }),
    },
    'POST /api/admin/quizzes/:id/copy': { call: at(`/api/admin/quizzes/${q.id}/copy`, {}) },
    'GET /api/admin/quizzes': { call: at('/api/admin/quizzes') },
    'GET /api/admin/quizzes/:id': { call: at(`/api/admin/quizzes/${q.id}`) },
    'POST /api/admin/quizzes/:id/start': { call: at(`/api/admin/quizzes/${q.id}/start`) },
    'POST /api/admin/quizzes/:id/next': { call: at(`/api/admin/quizzes/${q.id}/next`) },
    'POST /api/admin/quizzes/:id/close': { call: at(`/api/admin/quizzes/${q.id}/close`) },
    'PATCH /api/admin/quizzes/:id/answers/:answerId': {
      call: at(`/api/admin/quizzes/${q.id}/answers/${q.answerId}`, { correct: true }),
    },
    'PATCH /api/admin/quizzes/:id': { call: at(`/api/admin/quizzes/${q.id}`, { teamFeePence: 200 }) },
    'PUT /api/admin/quizzes/:id/teams/:teamId/payment': {
      call: at(`/api/admin/quizzes/${q.id}/teams/${q.teamId}/payment`, { paid: false }),
    },
    'POST /api/admin/quizzes/:id/tie-break': {
      call: at(`/api/admin/quizzes/${q.id}/tie-break`, { prompt: 'Pints in a firkin?', answer: 72 }),
      refused: 'the matrix’s quiz has questions still to play (409); quiz-api.test.ts plays a tie-break',
    },
    'GET /api/admin/quiz-settings': { call: at('/api/admin/quiz-settings') },
    'PUT /api/admin/quiz-settings': { call: at('/api/admin/quiz-settings', { staffCanRun: false }) },
    'POST /api/admin/quizzes/images': {
      call: () => ({ path: '/api/admin/quizzes/images', body: multipartPng, contentType: MULTIPART_TYPE }),
    },
    // Anyone in the pub may join with the code on the screen: each caller as a team of their own.
    'POST /api/quizzes/join': {
      call: (caller) => ({
        path: '/api/quizzes/join',
        body: { code: q.joinCode, teamName: `Matrix ${caller}` },
      }),
    },
    'GET /api/quizzes/:id/state': { call: at(`/api/quizzes/${q.id}/state`), refused: noTeam },
    'PUT /api/quizzes/:id/answers/:questionId': {
      call: at(`/api/quizzes/${q.id}/answers/${q.questionId}`, { answer: '4' }),
      refused: noTeam,
    },
    'GET /api/quizzes/:id/leaderboard': { call: at(`/api/quizzes/${q.id}/leaderboard`) },
    'GET /api/quizzes/:id/live': { call: at(`/api/quizzes/${q.id}/live`), refused: noTeam },
    'GET /api/screens/current/quiz': {
      call: (caller) => ({
        path: `/api/screens/current/quiz?club=${inOtherClub.has(caller) ? 'kings-arms' : 'red-lion'}`,
      }),
      refused: 'the screen device cookie is the key to it, and no caller holds one (quiz-live test)',
    },
  };
};

/** A running quiz of the first club: one team's answer to its first question, closed and marked. */
export async function quizWorld(server: TestServer, admin: HttpClient): Promise<World['quiz']> {
  const number = (prompt: string, answer: string) => ({ prompt, kind: 'number', answer });
  const created = await admin.post('/api/admin/quizzes', {
    title: 'Matrix pub quiz',
    rounds: [
      {
        title: 'Sums',
        questions: [
          number('One and one?', '2'),
          number('Two and two?', '4'),
          number('Three and three?', '6'),
        ],
      },
    ],
  });
  expect(created.status).toBe(201);
  const id = created.json.quiz.id as string;
  const opened = await admin.post(`/api/admin/quizzes/${id}/next`);
  const questionId = opened.json.questions[0].id as string;
  const team = server.client();
  await team.prime();
  expect(
    (await team.post('/api/quizzes/join', { code: created.json.quiz.joinCode, teamName: 'Matrix team' }))
      .status,
  ).toBe(201);
  expect((await team.put(`/api/quizzes/${id}/answers/${questionId}`, { answer: '2' })).status).toBe(200);
  const closed = await admin.post(`/api/admin/quizzes/${id}/close`);
  const answerId = closed.json.questions[0].answers[0].id as string;
  const teamId = closed.json.teams[0].id as string;
  return { id, joinCode: created.json.quiz.joinCode, questionId, answerId, teamId };
}
