import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { otherClubAdmin, signedIn } from '../support/world.ts';

const ONE_QUESTION = {
  title: 'Tie-break night',
  rounds: [
    {
      title: 'Maps',
      questions: [
        { prompt: 'Capital of France?', kind: 'choice', choices: ['Lyon', 'Paris'], answer: 'Paris' },
      ],
    },
  ],
};

async function join(server: TestServer, code: string, teamName: string) {
  const phone = server.client();
  await phone.prime();
  expect((await phone.post('/api/quizzes/join', { code, teamName })).status).toBe(201);
  return phone;
}

describe.each(backends())('a tie-break on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let quizId: string;
  let teams: Record<'bears' | 'agatha' | 'universally', HttpClient>;
  const tieBreak = { prompt: 'How many pints in a firkin?', answer: 72, seconds: 30 };

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
    admin = await signedIn(server, 'admin@redlion.test');
    const created = await admin.post('/api/admin/quizzes', ONE_QUESTION);
    quizId = created.json.quiz.id;
    const code = created.json.quiz.joinCode;
    teams = {
      bears: await join(server, code, 'Quizzly Bears'),
      agatha: await join(server, code, 'Agatha Quiztie'),
      universally: await join(server, code, 'Universally Challenged'),
    };
    await admin.post(`/api/admin/quizzes/${quizId}/start`);
  });
  afterAll(() => server?.close());

  it('waits until the questions are done', async () => {
    const opened = await admin.post(`/api/admin/quizzes/${quizId}/next`);
    const questionId = opened.json.questions[0].id;
    const tooSoon = await admin.post(`/api/admin/quizzes/${quizId}/tie-break`, tieBreak);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.json.error.message).toContain('Close the question on show first');
    await teams.bears.put(`/api/quizzes/${quizId}/answers/${questionId}`, { answer: 'Paris' });
    await teams.agatha.put(`/api/quizzes/${quizId}/answers/${questionId}`, { answer: 'Paris' });
    await teams.universally.put(`/api/quizzes/${quizId}/answers/${questionId}`, { answer: 'Lyon' });
    const closed = await admin.post(`/api/admin/quizzes/${quizId}/close`);
    expect(closed.json.quiz.status).toBe('finished');
    expect(closed.json.leaderboard).toEqual([
      { name: 'Agatha Quiztie', score: 1, rank: 1 },
      { name: 'Quizzly Bears', score: 1, rank: 1 },
      { name: 'Universally Challenged', score: 0, rank: 3 },
    ]);
  });

  it('refuses a place nobody shares, and a bad number', async () => {
    const third = await admin.post(`/api/admin/quizzes/${quizId}/tie-break`, { ...tieBreak, rank: 3 });
    expect(third.status).toBe(409);
    expect(third.json.error.message).toContain('No teams share place 3');
    expect(
      (await admin.post(`/api/admin/quizzes/${quizId}/tie-break`, { ...tieBreak, answer: 'lots' })).status,
    ).toBe(400);
  });

  it('opens for the tied teams only, shown to everyone like a question without its answer', async () => {
    const opened = await admin.post(`/api/admin/quizzes/${quizId}/tie-break`, tieBreak);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json.quiz.questionCount).toBe(1);
    const question = opened.json.questions[1];
    expect(question).toMatchObject({
      roundTitle: 'Tie-break',
      kind: 'number',
      numberMode: 'closest',
      points: 0,
      seconds: 30,
      state: 'open',
      tieBreak: { teams: expect.arrayContaining(['Quizzly Bears', 'Agatha Quiztie']) },
    });
    expect(question.tieBreak.teams).toHaveLength(2);
    expect((await admin.post(`/api/admin/quizzes/${quizId}/tie-break`, tieBreak)).status).toBe(409);

    const onlooker = await teams.universally.get(`/api/quizzes/${quizId}/state`);
    expect(onlooker.json.question).toMatchObject({ id: question.id, state: 'open', answer: null });
    expect(onlooker.json.question.tieBreak.teams).toHaveLength(2);
    const refused = await teams.universally.put(`/api/quizzes/${quizId}/answers/${question.id}`, {
      answer: '72',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toContain('Only the tied teams');

    expect(
      (await teams.bears.put(`/api/quizzes/${quizId}/answers/${question.id}`, { answer: '100' })).status,
    ).toBe(200);
    expect(
      (await teams.agatha.put(`/api/quizzes/${quizId}/answers/${question.id}`, { answer: '64' })).status,
    ).toBe(200);
  });

  it('closing it puts the nearest team first, without changing the points', async () => {
    const closed = await admin.post(`/api/admin/quizzes/${quizId}/close`);
    expect(closed.status).toBe(200);
    expect(closed.json.quiz.status).toBe('finished');
    const expected = [
      { name: 'Agatha Quiztie', score: 1, rank: 1, wonTieBreak: true },
      { name: 'Quizzly Bears', score: 1, rank: 2 },
      { name: 'Universally Challenged', score: 0, rank: 3 },
    ];
    expect(closed.json.leaderboard).toEqual(expected);
    expect((await teams.bears.get(`/api/quizzes/${quizId}/leaderboard`)).json.teams).toEqual(expected);
    const state = await teams.agatha.get(`/api/quizzes/${quizId}/state`);
    expect(state.json.question).toMatchObject({ state: 'closed', answer: '72' });
    expect(state.json.yourAnswer).toEqual({ answer: '64', correct: true });
    expect(state.json.leaderboard).toEqual(expected);
    // Nobody shares a place now, and there is no question after it.
    expect((await admin.post(`/api/admin/quizzes/${quizId}/tie-break`, tieBreak)).status).toBe(409);
    expect((await admin.post(`/api/admin/quizzes/${quizId}/next`)).status).toBe(409);
  });

  it('a copy for next week leaves the tie-break out; another club never reaches it', async () => {
    const copy = await admin.post(`/api/admin/quizzes/${quizId}/copy`, {});
    expect(copy.json.quiz.questionCount).toBe(1);
    const copied = await admin.get(`/api/admin/quizzes/${copy.json.quiz.id}`);
    expect(copied.json.questions.map((q: Json) => q.roundTitle)).toEqual(['Maps']);
    const kings = await otherClubAdmin(server, 'Kings Admin', 'admin@kings.test');
    expect((await kings.post(`/api/admin/quizzes/${quizId}/tie-break`, tieBreak)).status).toBe(404);
  });
});
