import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { otherClubAdmin, signedIn } from '../support/world.ts';

const NOW = '2026-11-26T12:00:00Z';
const ONE_QUESTION = {
  title: 'Thursday quiz night',
  rounds: [{ title: 'Sums', questions: [{ prompt: 'Two and two?', kind: 'number', answer: '4' }] }],
};

async function join(server: TestServer, code: string, teamName: string) {
  const phone = server.client();
  await phone.prime();
  const res = await phone.post('/api/quizzes/join', { code, teamName });
  expect(res.status).toBe(201);
  return { phone, joined: res.json };
}

describe.each(backends())('a quiz night with an event and a team fee on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let kings: HttpClient;
  let quizId: string;
  let code: string;
  let eventId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: NOW });
    admin = await signedIn(server, 'admin@redlion.test');
    kings = await otherClubAdmin(server, 'Kings Admin', 'admin@kings.test');
    const created = (await admin.post('/api/admin/quizzes', ONE_QUESTION)).json.quiz;
    quizId = created.id;
    code = created.joinCode;
    const event = await admin.post('/api/admin/events', {
      title: 'Quiz at the Lion',
      startsAt: '2026-11-26T19:30:00Z',
      endsAt: '2026-11-26T22:30:00Z',
    });
    expect(event.status, event.text).toBe(201);
    eventId = event.json.event.id;
  });
  afterAll(() => server?.close());

  it('the quizmaster ties the quiz to an event and sets a fee, within bounds', async () => {
    const free = (await admin.get(`/api/admin/quizzes/${quizId}`)).json.quiz;
    expect(free).toMatchObject({ eventId: null, teamFeePence: 0, leaderboardPaidOnly: false });
    const set = await admin.patch(`/api/admin/quizzes/${quizId}`, { eventId, teamFeePence: 200 });
    expect(set.status, set.text).toBe(200);
    expect(set.json.quiz).toMatchObject({ eventId, teamFeePence: 200, leaderboardPaidOnly: false });
    expect((await admin.patch(`/api/admin/quizzes/${quizId}`, { teamFeePence: 5001 })).status).toBe(400);
    expect((await admin.patch(`/api/admin/quizzes/${quizId}`, { teamFeePence: 1.5 })).status).toBe(400);
    const elsewhere = await kings.post('/api/admin/events', {
      title: 'Kings quiz',
      startsAt: '2026-11-26T19:30:00Z',
      endsAt: '2026-11-26T22:30:00Z',
    });
    const foreign = await admin.patch(`/api/admin/quizzes/${quizId}`, { eventId: elsewhere.json.event.id });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.message).toContain('not on the club’s calendar');
    expect((await kings.patch(`/api/admin/quizzes/${quizId}`, { teamFeePence: 0 })).status).toBe(404);
  });

  it("the event's public page says a quiz is on, and what a team pays", async () => {
    const anon = server.client();
    const page = await anon.get(`/c/red-lion/events/${eventId}`);
    expect(page.status).toBe(200);
    const text = page.text.replace(/<!-- -->/g, '');
    expect(text).toContain('A quiz is on: Thursday quiz night');
    expect(text).toContain('£2.00 a team, paid at the bar');
  });

  it('an unpaid team joins and plays; the quizmaster sees who has not paid and records cash', async () => {
    const bears = await join(server, code, 'Quizzly Bears');
    expect(bears.joined.quiz.teamFeePence).toBe(200);
    const agatha = await join(server, code, 'Agatha Quiztie');
    const state = await bears.phone.get(`/api/quizzes/${quizId}/state`);
    expect(state.json).toMatchObject({ quiz: { teamFeePence: 200 }, team: { paid: false } });

    const view = (await admin.get(`/api/admin/quizzes/${quizId}`)).json;
    expect(view.teams.map((t: Json) => [t.name, t.paidAt])).toEqual([
      ['Quizzly Bears', null],
      ['Agatha Quiztie', null],
    ]);
    const bearsId = view.teams[0].id;
    const paid = await admin.put(`/api/admin/quizzes/${quizId}/teams/${bearsId}/payment`, { paid: true });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.teams[0]).toMatchObject({ name: 'Quizzly Bears', paidHow: 'cash' });
    expect(paid.json.teams[0].paidAt).toBe(new Date(NOW).toISOString());
    expect((await bears.phone.get(`/api/quizzes/${quizId}/state`)).json.team.paid).toBe(true);
    expect((await agatha.phone.get(`/api/quizzes/${quizId}/state`)).json.team.paid).toBe(false);
    expect(
      (await kings.put(`/api/admin/quizzes/${quizId}/teams/${bearsId}/payment`, { paid: false })).status,
    ).toBe(404);

    // The board shows every team until the quizmaster leaves the unpaid ones off.
    expect((await bears.phone.get(`/api/quizzes/${quizId}/leaderboard`)).json.teams).toHaveLength(2);
    const paidOnly = await admin.patch(`/api/admin/quizzes/${quizId}`, { leaderboardPaidOnly: true });
    expect(paidOnly.json.leaderboard.map((t: Json) => t.name)).toEqual(['Quizzly Bears']);
    expect(paidOnly.json.teams).toHaveLength(2);
    const board = await agatha.phone.get(`/api/quizzes/${quizId}/leaderboard`);
    expect(board.json.teams.map((t: Json) => t.name)).toEqual(['Quizzly Bears']);
    // Taking the record back puts the team with the unpaid ones again.
    const undone = await admin.put(`/api/admin/quizzes/${quizId}/teams/${bearsId}/payment`, { paid: false });
    expect(undone.json.teams[0]).toMatchObject({ paidAt: null, paidHow: null });
    expect(undone.json.leaderboard).toEqual([]);
  });

  it("next week's copy keeps the event and the fee; a free quiz has no fee to record", async () => {
    const copy = await admin.post(`/api/admin/quizzes/${quizId}/copy`, {});
    expect(copy.json.quiz).toMatchObject({ eventId, teamFeePence: 200, leaderboardPaidOnly: true });
    const free = (await admin.post('/api/admin/quizzes', { ...ONE_QUESTION, title: 'Free quiz' })).json.quiz;
    const team = await join(server, free.joinCode, 'Free riders');
    expect((await team.phone.get(`/api/quizzes/${free.id}/state`)).json.team.paid).toBe(true);
    expect(
      (await admin.put(`/api/admin/quizzes/${free.id}/teams/${team.joined.team.id}/payment`, { paid: true }))
        .status,
    ).toBe(409);
  });
});
