import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { freePort } from '../support/free-port.ts';
import type { HttpClient } from '../support/http-client.ts';
import { openSse } from '../support/sse-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { signedIn } from '../support/world.ts';

const QUIZ = {
  title: 'Live quiz',
  rounds: [
    {
      title: 'Only round',
      questions: [
        { prompt: 'Which band recorded Abbey Road?', kind: 'text', answer: 'Beatles|The Beatles' },
        { prompt: 'Seven times six?', kind: 'number', answer: '42' },
      ],
    },
  ],
};

async function quizWithTeams(server: TestServer, admin: HttpClient, teams: number) {
  const created = await admin.post('/api/admin/quizzes', QUIZ);
  expect(created.status, created.text).toBe(201);
  const { id, joinCode } = created.json.quiz as { id: string; joinCode: string };
  const phones: HttpClient[] = [];
  for (let i = 1; i <= teams; i++) {
    const phone = server.client();
    await phone.prime();
    const res = await phone.post('/api/quizzes/join', { code: joinCode, teamName: `Team ${i}` });
    expect(res.status, res.text).toBe(201);
    phones.push(phone);
  }
  return { id, joinCode, phones };
}

describe.each(backends())('a quiz room on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;

  beforeAll(async () => {
    // The limits as deployed (the tests' default scale is twenty times them).
    server = await startTestServer(backend, { seed: true, env: { RATE_LIMIT_SCALE: '1' } });
    admin = await signedIn(server, 'admin@redlion.test');
  });
  afterAll(() => server?.close());

  it('forty teams on one address answering in the same second are all accepted', async () => {
    const { id, phones } = await quizWithTeams(server, admin, 40);
    const view = await admin.post(`/api/admin/quizzes/${id}/next`);
    const questionId = view.json.questions[0].id as string;
    const results = await Promise.all(
      phones.map((p, i) =>
        p.put(`/api/quizzes/${id}/answers/${questionId}`, { answer: i % 2 ? 'Beatles' : 'Wings' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(phones.map(() => 200));
    const closed = await admin.post(`/api/admin/quizzes/${id}/close`);
    const answers = closed.json.questions[0].answers as { correct: boolean }[];
    expect(answers).toHaveLength(40);
    expect(answers.filter((a) => a.correct)).toHaveLength(20);
  });

  it('the paired TV shows the code, then the question without its answer until it closes', async () => {
    const device = server.client();
    await device.prime();
    const started = await device.post('/api/screens', { club: 'red-lion' });
    expect(
      (await admin.post('/api/admin/screens/pair', { code: started.json.code, name: 'Bar TV' })).status,
    ).toBe(201);
    const { id, phones } = await quizWithTeams(server, admin, 2);
    await admin.post(`/api/admin/quizzes/${id}/start`);
    const before = await device.get('/api/screens/current/quiz?club=red-lion');
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ quiz: { id, teamCount: 2, status: 'running' }, question: null });
    expect(before.json.quiz.joinCode).toMatch(/^[A-Z2-9]{6}$/);
    const view = await admin.post(`/api/admin/quizzes/${id}/next`);
    await phones[0]?.put(`/api/quizzes/${id}/answers/${view.json.questions[0].id}`, {
      answer: 'The Beatles',
    });
    const open = await device.get('/api/screens/current/quiz?club=red-lion');
    expect(open.json.question).toMatchObject({
      prompt: 'Which band recorded Abbey Road?',
      answer: null,
      state: 'open',
    });
    expect(open.json.answered).toBe(1);
    expect(open.text).not.toMatch(/Beatles/);
    await admin.post(`/api/admin/quizzes/${id}/close`);
    const shut = await device.get('/api/screens/current/quiz?club=red-lion');
    expect(shut.json.question).toMatchObject({
      answer: 'Beatles|The Beatles',
      state: 'closed',
      lastInRound: false,
    });
    // A device that is not the club's paired TV sees nothing.
    const stranger = server.client();
    expect((await stranger.get('/api/screens/current/quiz?club=red-lion')).status).toBe(404);
  });
});

describe.runIf(backends().includes('postgres'))('a quiz served by two server processes through Redis', () => {
  let one: TestServer;
  let two: { baseUrl: string; close: () => Promise<void> };

  beforeAll(async () => {
    const prefix = `lastman-quiz-test-${process.pid}-${Date.now()}:`;
    one = await startTestServer('postgres', {
      seed: true,
      env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix },
    });
    const port = await freePort();
    const database = openDatabase({ databaseUrl: one.config.DATABASE_URL as string });
    const app = await buildApp({
      config: { ...one.config, PORT: port },
      database,
      clock: one.clock,
      logger: false,
    });
    await app.listen({ port, host: '127.0.0.1' });
    two = {
      baseUrl: `http://127.0.0.1:${port}`,
      close: async () => {
        const closing = app.close();
        app.server.closeAllConnections();
        await closing;
        await database.close();
      },
    };
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it("a question opened on one process reaches a team's phone held by the other", async () => {
    const admin = await signedIn(one, 'admin@redlion.test');
    const { id, phones } = await quizWithTeams(one, admin, 1);
    const phone = phones[0] as HttpClient;
    const stream = await openSse(two.baseUrl, phone, { path: `/api/quizzes/${id}/live` });
    expect(stream.status).toBe(200);
    await stream.until('connected', () => stream.comments.includes('connected'));
    expect((await admin.post(`/api/admin/quizzes/${id}/next`)).status).toBe(200);
    await stream.until('the question opened', () => stream.messages.length === 1);
    expect(stream.messages[0]).toMatchObject({ event: 'quiz' });
    expect(JSON.parse(stream.messages[0]?.data ?? '{}')).toEqual({
      type: 'quiz',
      quizId: id,
      what: 'opened',
    });
    await admin.post(`/api/admin/quizzes/${id}/close`);
    await stream.until('the question closed', () => stream.messages.length === 2);
    expect(JSON.parse(stream.messages[1]?.data ?? '{}')).toEqual({
      type: 'quiz',
      quizId: id,
      what: 'closed',
    });
    // The events say what changed, never an answer: the phone fetches what it may see.
    expect(stream.raw()).not.toMatch(/Beatles/);
    await stream.close();
  });
});
