import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { otherClubAdmin, setRole, signedIn } from '../support/world.ts';

/** A quiz of two rounds: a choice, a word with alternatives, a closest-wins number; then an exact number. */
export const PUB_QUIZ = {
  title: 'Thursday quiz',
  rounds: [
    {
      title: 'Music',
      questions: [
        {
          prompt: 'Which city is the capital of France?',
          kind: 'choice',
          choices: ['Lyon', 'Paris'],
          answer: 'Paris',
        },
        { prompt: 'Who recorded Abbey Road?', kind: 'text', answer: 'Beatles|The Beatles', points: 2 },
        {
          prompt: 'How many steps has the Eiffel Tower?',
          kind: 'number',
          answer: '1665',
          numberMode: 'closest',
        },
      ],
    },
    {
      title: 'Numbers',
      questions: [{ prompt: 'Seven times six?', kind: 'number', answer: '42', seconds: 30 }],
    },
  ],
};

async function join(server: TestServer, code: string, teamName: string) {
  const phone = server.client();
  await phone.prime();
  const res = await phone.post('/api/quizzes/join', { code, teamName });
  return { phone, res };
}

describe.each(backends())('a quiz night on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let quizId: string;
  let code: string;
  let teamA: HttpClient;
  let teamB: HttpClient;
  let questionIds: string[];
  let kingsAdmin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
    admin = await signedIn(server, 'admin@redlion.test');
  });
  afterAll(() => server?.close());

  it('the quizmaster writes a quiz, and gets its join code', async () => {
    const res = await admin.post('/api/admin/quizzes', PUB_QUIZ);
    expect(res.status, res.text).toBe(201);
    expect(res.json.quiz).toMatchObject({ title: 'Thursday quiz', status: 'draft', questionCount: 4 });
    expect(res.json.quiz.joinCode).toMatch(/^[A-Z2-9]{6}$/);
    quizId = res.json.quiz.id;
    code = res.json.quiz.joinCode;
    const view = await admin.get(`/api/admin/quizzes/${quizId}`);
    questionIds = view.json.questions.map((q: Json) => q.id);
    expect(view.json.questions.map((q: Json) => [q.round, q.roundTitle, q.position])).toEqual([
      [1, 'Music', 1],
      [1, 'Music', 2],
      [1, 'Music', 3],
      [2, 'Numbers', 4],
    ]);
  });

  it('refuses a quiz that does not make sense, with the reason', async () => {
    const bad = await admin.post('/api/admin/quizzes', {
      title: 'Bad',
      rounds: [
        { title: 'R', questions: [{ prompt: 'Pick', kind: 'choice', choices: ['A', 'B'], answer: 'C' }] },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('must be one of the choices');
  });

  it('staff run quizzes only when the admin allows it', async () => {
    const staff = await signedIn(server, 'staff@redlion.test');
    expect((await staff.get(`/api/admin/quizzes/${quizId}`)).status).toBe(403);
    expect((await admin.put('/api/admin/quiz-settings', { staffCanRun: true })).status).toBe(200);
    expect((await staff.get(`/api/admin/quizzes/${quizId}`)).status).toBe(200);
    expect((await staff.put('/api/admin/quiz-settings', { staffCanRun: true })).status).toBe(403);
    expect((await admin.put('/api/admin/quiz-settings', { staffCanRun: false })).status).toBe(200);
    expect((await staff.get(`/api/admin/quizzes/${quizId}`)).status).toBe(403);
  });

  it('teams join by code without an account; a name taken in any case is 409, a wrong code 404', async () => {
    const a = await join(server, code.toLowerCase(), 'Quizzly Bears');
    expect(a.res.status, a.res.text).toBe(201);
    expect(a.res.json).toMatchObject({ team: { name: 'Quizzly Bears' }, quiz: { id: quizId } });
    const cookie = a.res.headers.getSetCookie().find((c) => c.startsWith('lastman-quiz='));
    expect(cookie).toMatch(/HttpOnly/i);
    teamA = a.phone;
    expect((await join(server, code, 'QUIZZLY  bears')).res.status).toBe(409);
    expect((await join(server, 'ZZZZZZ', 'Nobody')).res.status).toBe(404);
    const b = await join(server, code, 'Agatha Quiztie');
    expect(b.res.status).toBe(201);
    teamB = b.phone;
  });

  it('before a question opens a team sees none, and cannot answer', async () => {
    expect((await admin.post(`/api/admin/quizzes/${quizId}/start`)).status).toBe(200);
    const state = await teamA.get(`/api/quizzes/${quizId}/state`);
    expect(state.status).toBe(200);
    expect(state.json).toMatchObject({ quiz: { status: 'running' }, question: null, yourAnswer: null });
    expect(
      (await teamA.put(`/api/quizzes/${quizId}/answers/${questionIds[0]}`, { answer: 'Paris' })).status,
    ).toBe(409);
  });

  it('someone in no team gets 401; a team of another quiz 403', async () => {
    const stranger = server.client();
    await stranger.prime();
    expect((await stranger.get(`/api/quizzes/${quizId}/state`)).status).toBe(401);
    expect(
      (await stranger.put(`/api/quizzes/${quizId}/answers/${questionIds[0]}`, { answer: 'x' })).status,
    ).toBe(401);
    expect((await stranger.get(`/api/quizzes/${quizId}/leaderboard`)).status).toBe(401);
    const other = await admin.post('/api/admin/quizzes', { ...PUB_QUIZ, title: 'Another night' });
    const otherTeam = await join(server, other.json.quiz.joinCode, 'Elsewhere');
    expect((await otherTeam.phone.get(`/api/quizzes/${quizId}/state`)).status).toBe(403);
    expect(
      (await otherTeam.phone.put(`/api/quizzes/${quizId}/answers/${questionIds[0]}`, { answer: 'Paris' }))
        .status,
    ).toBe(403);
  });

  it('a question opens: teams see it without its answer, and their last answer counts', async () => {
    const opened = await admin.post(`/api/admin/quizzes/${quizId}/next`);
    expect(opened.status).toBe(200);
    expect((await admin.post(`/api/admin/quizzes/${quizId}/next`)).status).toBe(409);
    const state = await teamA.get(`/api/quizzes/${quizId}/state`);
    expect(state.json.question).toMatchObject({
      prompt: 'Which city is the capital of France?',
      state: 'open',
      answer: null,
    });
    expect(
      (await teamA.put(`/api/quizzes/${quizId}/answers/${questionIds[0]}`, { answer: 'Lyon' })).status,
    ).toBe(200);
    expect(
      (await teamA.put(`/api/quizzes/${quizId}/answers/${questionIds[0]}`, { answer: 'Paris' })).status,
    ).toBe(200);
    expect(
      (await teamA.put(`/api/quizzes/${quizId}/answers/${questionIds[0]}`, { answer: 'Rome' })).status,
    ).toBe(400);
    expect(
      (await teamB.put(`/api/quizzes/${quizId}/answers/${questionIds[0]}`, { answer: 'Lyon' })).status,
    ).toBe(200);
    // A question not on show is not open.
    expect(
      (await teamA.put(`/api/quizzes/${quizId}/answers/${questionIds[1]}`, { answer: 'Beatles' })).status,
    ).toBe(409);
    // A reload: the answer given is still there; the other team's is nowhere.
    const again = await teamA.get(`/api/quizzes/${quizId}/state`);
    expect(again.json.yourAnswer).toEqual({ answer: 'Paris', correct: null });
    // The leaderboard counts closed questions only.
    expect(
      (await teamA.get(`/api/quizzes/${quizId}/leaderboard`)).json.teams.every((t: Json) => t.score === 0),
    ).toBe(true);
    const view = await admin.get(`/api/admin/quizzes/${quizId}`);
    expect(view.json.questions[0].answers.map((a: Json) => [a.teamName, a.answer])).toEqual(
      expect.arrayContaining([
        ['Quizzly Bears', 'Paris'],
        ['Agatha Quiztie', 'Lyon'],
      ]),
    );
  });

  it('closing marks the answers and shows the answer; answering after is 409', async () => {
    const closed = await admin.post(`/api/admin/quizzes/${quizId}/close`);
    expect(closed.status).toBe(200);
    expect((await admin.post(`/api/admin/quizzes/${quizId}/close`)).status).toBe(409);
    const state = await teamA.get(`/api/quizzes/${quizId}/state`);
    expect(state.json.question).toMatchObject({ state: 'closed', answer: 'Paris' });
    expect(state.json.yourAnswer).toEqual({ answer: 'Paris', correct: true });
    expect(
      (await teamB.put(`/api/quizzes/${quizId}/answers/${questionIds[0]}`, { answer: 'Paris' })).status,
    ).toBe(409);
    const board = await teamB.get(`/api/quizzes/${quizId}/leaderboard`);
    expect(board.json.teams).toEqual([
      { name: 'Quizzly Bears', score: 1, rank: 1 },
      { name: 'Agatha Quiztie', score: 0, rank: 2 },
    ]);
  });

  it('text is marked fairly, and the quizmaster overrides a mark', async () => {
    await admin.post(`/api/admin/quizzes/${quizId}/next`);
    await teamA.put(`/api/quizzes/${quizId}/answers/${questionIds[1]}`, { answer: 'the beetles' });
    await teamB.put(`/api/quizzes/${quizId}/answers/${questionIds[1]}`, { answer: 'Wings' });
    // Neither the answer nor another team's answer reaches a team before the question closes.
    const open = await teamA.get(`/api/quizzes/${quizId}/state`);
    expect(open.json.yourAnswer).toEqual({ answer: 'the beetles', correct: null });
    expect(open.text).not.toMatch(/Wings|Beatles\|/);
    const view = (await admin.post(`/api/admin/quizzes/${quizId}/close`)).json;
    const answers = view.questions[1].answers as Json[];
    const wings = answers.find((a) => a.answer === 'Wings');
    expect(answers.find((a) => a.answer === 'the beetles')?.correct).toBe(true);
    expect(wings?.correct).toBe(false);
    const marked = await admin.patch(`/api/admin/quizzes/${quizId}/answers/${wings?.id}`, { correct: true });
    expect(marked.status).toBe(200);
    expect(marked.json.answer).toMatchObject({ correct: true, overridden: true });
    const board = await teamA.get(`/api/quizzes/${quizId}/leaderboard`);
    expect(board.json.teams).toEqual([
      { name: 'Quizzly Bears', score: 3, rank: 1 },
      { name: 'Agatha Quiztie', score: 2, rank: 2 },
    ]);
  });

  it('closest wins, and ties share a rank', async () => {
    await admin.post(`/api/admin/quizzes/${quizId}/next`);
    await teamA.put(`/api/quizzes/${quizId}/answers/${questionIds[2]}`, { answer: '1000' });
    await teamB.put(`/api/quizzes/${quizId}/answers/${questionIds[2]}`, { answer: '1,700' });
    await admin.post(`/api/admin/quizzes/${quizId}/close`);
    await admin.post(`/api/admin/quizzes/${quizId}/next`);
    await teamA.put(`/api/quizzes/${quizId}/answers/${questionIds[3]}`, { answer: '41' });
    await teamB.put(`/api/quizzes/${quizId}/answers/${questionIds[3]}`, { answer: '42' });
    const last = await admin.post(`/api/admin/quizzes/${quizId}/close`);
    expect(last.json.quiz.status).toBe('finished');
    expect((await admin.post(`/api/admin/quizzes/${quizId}/next`)).status).toBe(409);
    const board = await teamA.get(`/api/quizzes/${quizId}/leaderboard`);
    expect(board.json.teams).toEqual([
      { name: 'Agatha Quiztie', score: 4, rank: 1 },
      { name: 'Quizzly Bears', score: 3, rank: 2 },
    ]);
    // A member of the club reads it too.
    const member = await signedIn(server, 'player1@redlion.test');
    expect((await member.get(`/api/quizzes/${quizId}/leaderboard`)).status).toBe(200);
  });

  it("another club's admin never sees the quiz", async () => {
    kingsAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kings.test');
    const other = kingsAdmin;
    expect((await other.get(`/api/admin/quizzes/${quizId}`)).status).toBe(404);
    expect((await other.post(`/api/admin/quizzes/${quizId}/next`)).status).toBe(404);
    expect((await other.get(`/api/quizzes/${quizId}/leaderboard`)).status).toBe(404);
    expect((await other.get('/api/admin/quizzes')).json.quizzes).toEqual([]);
    const mark = await other.patch(`/api/admin/quizzes/${quizId}/answers/${questionIds[0]}`, {
      correct: true,
    });
    expect(mark.status).toBe(404);
  });

  it('imports a quiz from a CSV file, naming each mistake by its line, and copies one for next week', async () => {
    const header = 'round,prompt,kind,choices,answer,points';
    const bad = await admin.post('/api/admin/quizzes/import', {
      title: 'From a file',
      csv: `${header}\nMusic,Who?,text,,Beatles,1\nMusic,Which?,puzzle,,x,1\n`,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('Line 3: the kind must be choice, text, number or picture');
    expect((await admin.get('/api/admin/quizzes')).json.quizzes.map((q: Json) => q.title)).not.toContain(
      'From a file',
    );
    const good = await admin.post('/api/admin/quizzes/import', {
      title: 'From a file',
      csv: `${header}\nMusic,Who recorded Abbey Road?,text,,Beatles|The Beatles,2\nMaps,Capital of France?,choice,Lyon|Paris,Paris,1\n`,
    });
    expect(good.status, good.text).toBe(201);
    expect(good.json.quiz).toMatchObject({ title: 'From a file', questionCount: 2, status: 'draft' });

    const copy = await admin.post(`/api/admin/quizzes/${quizId}/copy`, { title: 'Thursday quiz, next week' });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.json.quiz).toMatchObject({
      title: 'Thursday quiz, next week',
      status: 'draft',
      questionCount: 4,
      teamCount: 0,
    });
    expect(copy.json.quiz.joinCode).not.toBe(code);
    const copied = await admin.get(`/api/admin/quizzes/${copy.json.quiz.id}`);
    expect(copied.json.questions.map((q: Json) => [q.roundTitle, q.answer, q.numberMode, q.state])).toEqual([
      ['Music', 'Paris', 'exact', 'waiting'],
      ['Music', 'Beatles|The Beatles', 'exact', 'waiting'],
      ['Music', '1665', 'closest', 'waiting'],
      ['Numbers', '42', 'exact', 'waiting'],
    ]);
    expect((await kingsAdmin.post(`/api/admin/quizzes/${quizId}/copy`, {})).status).toBe(404);
  });

  it('a player is not a quizmaster', async () => {
    await setRole(server, { email: 'player2@redlion.test', role: 'player' });
    const player = await signedIn(server, 'player2@redlion.test');
    expect((await player.post('/api/admin/quizzes', PUB_QUIZ)).status).toBe(403);
  });
});
