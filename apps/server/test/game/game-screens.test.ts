import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, fixtures } from '../../src/db/schema/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { openSse } from '../support/sse-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, type ThreePlayerCup, threePlayerCup } from '../support/world.ts';

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

describe.each(backends())("the pub's TV screen on %s", (backend) => {
  let server: TestServer;
  let cup: ThreePlayerCup;
  let player: HttpClient;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    // The demo's own competition would be the one on screen: this file's cup takes its place.
    await server.db
      .update(competitions)
      .set({ status: 'cancelled' })
      .where(eq(competitions.status, 'running'));
    cup = await threePlayerCup(server, { name: 'Screen Cup' });
    player = cup.players[0] as HttpClient;
  }, 120_000);
  afterAll(() => server?.close());

  /** A TV's browser opening /c/red-lion/screen: it asks for a code. */
  async function aScreen(club = 'red-lion') {
    const device = server.client();
    const res = await device.post('/api/screens', { club });
    expect(res.status).toBe(200);
    return { device, res };
  }
  const current = (device: HttpClient, club = 'red-lion') => device.get(`/api/screens/current?club=${club}`);

  it('an unpaired screen shows the club and a code, keeps its token in an HttpOnly cookie, and no data', async () => {
    const { device, res } = await aScreen();
    expect(res.json).toMatchObject({ paired: false, club: { slug: 'red-lion', name: 'The Red Lion' } });
    expect(res.json.code).toMatch(CODE);
    expect(Object.keys(res.json).sort()).toEqual(['club', 'code', 'codeExpiresAt', 'paired']);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lastman-screen='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/screens/);
    expect((cookie?.split(';')[0]?.split('=')[1] ?? '').length).toBeGreaterThanOrEqual(40);
    // Polling: still waiting, and the code is never told again.
    const again = await current(device);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ paired: false, code: '' });
    // No cookie, or another club's page: nothing to show.
    expect((await current(server.client())).status).toBe(404);
  });

  it('only an admin of the club the screen was opened for pairs it; bad codes are told plainly', async () => {
    const { device, res } = await aScreen();
    const code = res.json.code as string;
    expect((await player.post('/api/admin/screens/pair', { code })).status).toBe(403);
    const other = await cup.otherAdmin.post('/api/admin/screens/pair', { code });
    expect(other.status).toBe(404);
    expect(other.json.error.message).toMatch(/No screen of your club is showing that code/);
    const bad = await cup.admin.post('/api/admin/screens/pair', { code: 'AB1' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/6 letters and digits the TV shows/);
    const wrong = await cup.admin.post('/api/admin/screens/pair', {
      code: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA',
    });
    expect(wrong.status).toBe(404);
    // Typed in lower case with a dash, as people do.
    const typed = `${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase();
    const paired = await cup.admin.post('/api/admin/screens/pair', { code: typed, name: 'Bar TV' });
    expect(paired.status).toBe(201);
    expect(paired.json.screen).toMatchObject({ name: 'Bar TV', pairedBy: 'Alex Admin' });
    // A code pairs once.
    expect((await cup.admin.post('/api/admin/screens/pair', { code })).status).toBe(404);

    const shown = await current(device);
    expect(shown.json).toMatchObject({ paired: true, club: { name: 'The Red Lion' } });
    const board = shown.json.board;
    expect(board.competition).toMatchObject({
      name: 'Screen Cup',
      status: 'open',
      entriesTotal: 3,
      entriesRemaining: 3,
      round: 1,
      roundState: 'upcoming',
      topTeams: null,
      standing: null,
      boards: null,
      lastResult: null,
      entryFeePence: expect.any(Number),
    });
    // The join QR's link: the club's own page.
    expect(board.joinUrl).toMatch(/\/c\/red-lion$/);
    expect(Array.isArray(board.others)).toBe(true);
    expect(board.competition.fixtures).toHaveLength(10);
    expect(board.competition.fixtures.every((f: Json) => f.homePicks === null)).toBe(true);
    expect(board.competition.nextDeadline).toEqual({ round: 1, at: board.competition.roundDeadline });
    // Opened again on the same device (a reload): still paired.
    expect((await device.post('/api/screens', { club: 'red-lion' })).json.paired).toBe(true);
    // The same device at another club's page is not that club's screen.
    const crown = await aClub(server, { slug: 'the-crown', name: 'The Crown' });
    expect((await current(device, crown.slug)).status).toBe(404);

    const list = await cup.admin.get('/api/admin/screens');
    expect(list.json.screens.map((s: Json) => s.name)).toContain('Bar TV');
    expect((await cup.otherAdmin.get('/api/admin/screens')).json.screens).toEqual([]);
  });

  it('a code runs out after 15 minutes; the page then asks for a new one', async () => {
    const { device, res } = await aScreen();
    server.clock.advance(16 * 60_000);
    try {
      expect((await cup.admin.post('/api/admin/screens/pair', { code: res.json.code })).status).toBe(404);
      expect((await current(device)).status).toBe(404);
      const fresh = await device.post('/api/screens', { club: 'red-lion' });
      expect(fresh.json.code).toMatch(CODE);
      expect(fresh.json.code).not.toBe(res.json.code);
      expect((await cup.admin.post('/api/admin/screens/pair', { code: fresh.json.code })).status).toBe(201);
      expect((await current(device)).json.paired).toBe(true);
    } finally {
      server.clock.advance(-16 * 60_000);
    }
  });

  it('after the deadline it shows the teams carrying entries, who is through and in danger, then the round settled', async () => {
    const { device, res } = await aScreen();
    expect((await cup.admin.post('/api/admin/screens/pair', { code: res.json.code })).status).toBe(201);
    // Round 1 locked (first kick-off Friday 16 August 2024, 20:00 London). The season's results are
    // all on file: Arsenal and Liverpool won, Chelsea lost.
    server.clock.set('2024-08-16T18:30:00Z');
    let board = (await current(device)).json.board;
    expect(board.competition).toMatchObject({ round: 1, roundState: 'locked' });
    expect(board.competition.topTeams.map((t: Json) => [t.name, t.entries]).sort()).toEqual([
      ['Arsenal FC', 1],
      ['Chelsea FC', 1],
      ['Liverpool FC', 1],
    ]);
    expect(board.competition.standing).toEqual({ through: 2, inDanger: 0, out: 1, waiting: 0 });
    // The same by name, for the room: through, in danger, out.
    const byName = (b: Json) => ({
      through: [...b.through].sort(),
      inDanger: [...b.inDanger].sort(),
      out: [...b.out].sort(),
    });
    expect(byName(board.competition.boards)).toEqual({
      through: ['Jo B.', 'Pat P.'],
      inDanger: [],
      out: ['Chris K.'],
    });
    const arsenal = board.competition.fixtures.find((f: Json) => f.home.name === 'Arsenal FC');
    expect(arsenal).toMatchObject({
      homeScore: 2,
      awayScore: 0,
      status: 'finished',
      homePicks: 1,
      awayPicks: 0,
    });
    // As a match is played: Liverpool's level by the club's live score (Jo in danger), Arsenal's not
    // started (Pat waiting); Chelsea lost on Sunday (Chris out, the round not yet settled).
    const liverpool = board.competition.fixtures.find((f: Json) => f.away.name === 'Liverpool FC');
    await server.db
      .update(fixtures)
      .set({ status: 'scheduled', homeScore: null, awayScore: null })
      .where(inArray(fixtures.id, [liverpool.id, arsenal.id]));
    server.clock.set('2024-08-17T12:30:00Z');
    // The paired screen's live stream (by its device cookie) tells it the moment a score comes in;
    // an unpaired device, or one at another club's page, is refused.
    const stream = await openSse(server.baseUrl, device, { path: '/api/screens/current/live?club=red-lion' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.until('the comment sent on connect', () => stream.comments.includes('connected'));
    const elsewhere = await openSse(server.baseUrl, device, {
      path: '/api/screens/current/live?club=kings-arms',
    });
    expect(elsewhere.status).toBe(404);
    await elsewhere.close();
    const stranger = await openSse(server.baseUrl, (await aScreen()).device, {
      path: '/api/screens/current/live?club=red-lion',
    });
    expect(stranger.status).toBe(404);
    await stranger.close();
    const scored = await cup.admin.put(`/api/admin/fixtures/${liverpool.id}/live-score`, {
      home: 1,
      away: 1,
      minute: 60,
    });
    expect(scored.status).toBe(200);
    await stream.until('the live score', () => stream.messages.some((m) => m.event === 'live-score'));
    await stream.close();
    board = (await current(device)).json.board;
    expect(board.competition.standing).toEqual({ through: 0, inDanger: 1, out: 1, waiting: 1 });
    // Pat, not kicked off yet, is on no board.
    expect(byName(board.competition.boards)).toEqual({ through: [], inDanger: ['Jo B.'], out: ['Chris K.'] });
    expect(board.competition.fixtures.find((f: Json) => f.id === liverpool.id)).toMatchObject({
      homeScore: 1,
      awayScore: 1,
      minute: 60,
      feed: 'live',
    });
    await server.db
      .update(fixtures)
      .set({ status: 'finished', homeScore: liverpool.homeScore, awayScore: liverpool.awayScore })
      .where(eq(fixtures.id, liverpool.id));
    await server.db
      .update(fixtures)
      .set({ status: 'finished', homeScore: 2, awayScore: 0 })
      .where(eq(fixtures.id, arsenal.id));
    // Tuesday: the round is settled; the screen names who is through and who is out, first name and initial.
    server.clock.set('2024-08-20T12:00:00Z');
    await runSettlementPass(server);
    board = (await current(device)).json.board;
    expect(board.competition.lastResult).toMatchObject({
      round: 1,
      rollover: false,
      survivors: ['Jo B.', 'Pat P.'],
      survivorsCount: 2,
      eliminated: ['Chris K.'],
      eliminatedCount: 1,
    });
    expect(board.competition.round).toBe(2);
    const text = JSON.stringify(board);
    expect(text).not.toMatch(/@|Player|Bloggs|Kick/);

    // The admin corrects Chelsea's match (Chris's pick won after all): the round is settled again and
    // the screen's summary says so at its next refresh, Chris through and nobody out.
    const chelsea = cup.round1.find(
      (f: Json) => f.home.name.startsWith('Chelsea') || f.away.name.startsWith('Chelsea'),
    ) as Json;
    const chelseaHome = (chelsea.home.name as string).startsWith('Chelsea');
    const corrected = await cup.admin.put(`/api/admin/fixtures/${chelsea.id}/result`, {
      status: 'finished',
      home: chelseaHome ? 2 : 0,
      away: chelseaHome ? 0 : 2,
    });
    expect(corrected.status).toBe(200);
    board = (await current(device)).json.board;
    expect(board.competition.lastResult).toMatchObject({
      round: 1,
      rollover: false,
      survivors: ['Chris K.', 'Jo B.', 'Pat P.'],
      survivorsCount: 3,
      eliminated: [],
      eliminatedCount: 0,
    });
    expect(board.competition).toMatchObject({ round: 2, entriesRemaining: 3 });
  });

  it('a revoked screen shows a pairing code again', async () => {
    const { device, res } = await aScreen();
    const paired = await cup.admin.post('/api/admin/screens/pair', { code: res.json.code });
    const id = paired.json.screen.id as string;
    expect((await cup.otherAdmin.delete(`/api/admin/screens/${id}`)).status).toBe(404);
    expect((await player.delete(`/api/admin/screens/${id}`)).status).toBe(403);
    expect((await cup.admin.delete(`/api/admin/screens/${id}`)).status).toBe(204);
    expect((await cup.admin.delete(`/api/admin/screens/${id}`)).status).toBe(404);
    expect((await cup.admin.get('/api/admin/screens')).json.screens.map((s: Json) => s.id)).not.toContain(id);
    const gone = await current(device);
    expect(gone.status).toBe(404);
    const restarted = await device.post('/api/screens', { club: 'red-lion' });
    expect(restarted.json).toMatchObject({ paired: false });
    expect(restarted.json.code).toMatch(CODE);
  });

  it('an unknown club is a 404 with its name, and a bad body a 400', async () => {
    const res = await server.client().post('/api/screens', { club: 'no-such-pub' });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toMatch(/no-such-pub/);
    expect((await server.client().post('/api/screens', { club: 'red-lion', extra: 1 })).status).toBe(400);
    expect((await server.client().get('/api/screens/current')).status).toBe(400);
  });
});
