import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import {
  competitions,
  entries,
  fixtures,
  notifications,
  roundSettlements,
} from '../../src/db/schema/index.ts';
import { freePort } from '../support/free-port.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { openSse } from '../support/sse-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { demoSeason, type ThreePlayerCup, threePlayerCup } from '../support/world.ts';

/** Round 1 of 2024-25 on Saturday afternoon: Ipswich v Liverpool and Arsenal v Wolves being played. */
const SATURDAY = '2024-08-17T15:10:00Z';

/** The round's weekend matches back to before their results: the demo season has them all. */
async function playingRoundOne(server: TestServer) {
  const season = await demoSeason(server);
  await server.db
    .update(fixtures)
    .set({ status: 'scheduled', homeScore: null, awayScore: null })
    .where(
      and(
        eq(fixtures.seasonId, season.id),
        eq(fixtures.round, 1),
        gte(fixtures.kickoffAt, new Date('2024-08-17T00:00:00Z')),
      ),
    );
}

function fixtureOf(round: Json[], team: string): Json {
  const f = round.find((x) => x.home.name.startsWith(team) || x.away.name.startsWith(team));
  if (!f) throw new Error(`${team} does not play`);
  return f;
}

describe.each(backends())('live scores and who is still in, on %s', (backend) => {
  let server: TestServer;
  let cup: ThreePlayerCup;
  let arsenal: Json;
  let liverpool: Json;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    cup = await threePlayerCup(server, { name: 'Live Cup' });
    await playingRoundOne(server);
    arsenal = fixtureOf(cup.round1, 'Arsenal');
    liverpool = fixtureOf(cup.round1, 'Ipswich');
    server.clock.set(SATURDAY);
  }, 120_000);
  afterAll(() => server?.close());

  const live = async (c: HttpClient) => c.get(`/api/competitions/${cup.compId}/live`);
  const score = (c: HttpClient, fixture: Json, body: unknown) =>
    c.put(`/api/admin/fixtures/${fixture.id}/live-score`, body);

  it('before any score: the weekend matches wait, everyone is still in', async () => {
    const res = await live(cup.players[0] as HttpClient);
    expect(res.status).toBe(200);
    expect(res.json.round).toBe(1);
    expect(res.json.settled).toBe(false);
    expect(res.json.entries.map((e: Json) => e.state)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(res.json.counts).toMatchObject({ stillIn: 3, inDanger: 0, out: 0 });
  });

  it('an admin enters live scores; the states and counts follow them, and nothing settles', async () => {
    const [admin] = [cup.admin];
    expect((await score(admin, arsenal, { home: 1, away: 0, minute: 23 })).status).toBe(200);
    const drawn = await score(admin, liverpool, { home: 0, away: 0, minute: 70 });
    expect(drawn.status).toBe(200);
    expect(drawn.json).toMatchObject({
      homeGoals: 0,
      awayGoals: 0,
      minute: 70,
      feed: 'live',
      source: 'club',
    });

    const res = await live(cup.players[1] as HttpClient);
    const byTeam = Object.fromEntries(
      res.json.entries.map((e: Json) => [e.team?.name.split(' ')[0], e.state]),
    );
    // Pat (Arsenal 1-0 up) through; Jo (Liverpool drawing, a draw is out) in danger; Chris (Chelsea, Sunday) waiting.
    expect(byTeam).toEqual({ Arsenal: 'through', Liverpool: 'out-if', Chelsea: 'waiting' });
    expect(res.json.counts).toMatchObject({ stillIn: 2, inDanger: 1, out: 0 });
    const ars = res.json.fixtures.find((f: Json) => f.fixtureId === arsenal.id);
    expect(ars).toMatchObject({ homeGoals: 1, awayGoals: 0, minute: 23, feed: 'live', status: 'scheduled' });

    // A goal taken back is shown as it is: "score updated".
    await score(admin, arsenal, { home: 0, away: 0, minute: 30 });
    const after = await live(cup.players[0] as HttpClient);
    expect(after.json.fixtures.find((f: Json) => f.fixtureId === arsenal.id).feed).toBe('corrected');
    expect(after.json.counts).toMatchObject({ stillIn: 1, inDanger: 2 });

    // A live score never settles: no round settled, every entry still active.
    expect(
      await server.db.select().from(roundSettlements).where(eq(roundSettlements.competitionId, cup.compId)),
    ).toHaveLength(0);
    expect(after.json.entries.map((e: Json) => e.status)).toEqual(['active', 'active', 'active']);
  });

  it('with lives, an entry that would go out with a life left stays in, losing a life', async () => {
    const [comp] = await server.db.select().from(competitions).where(eq(competitions.id, cup.compId));
    if (!comp) throw new Error('no competition');
    const setLives = async (lives: number) => {
      await server.db
        .update(competitions)
        .set({ rules: { ...comp.rules, lives } })
        .where(eq(competitions.id, cup.compId));
      await server.db.update(entries).set({ livesLeft: lives }).where(eq(entries.competitionId, cup.compId));
    };
    await setLives(1);
    try {
      // Both weekend matches stand at 0-0: Arsenal and Liverpool drawing, a draw is out but for the life.
      const res = await live(cup.players[0] as HttpClient);
      const byTeam = Object.fromEntries(
        res.json.entries.map((e: Json) => [e.team?.name.split(' ')[0], e.state]),
      );
      expect(byTeam).toEqual({ Arsenal: 'life-if', Liverpool: 'life-if', Chelsea: 'waiting' });
      expect(res.json.counts).toMatchObject({ stillIn: 3, inDanger: 0, out: 0 });
    } finally {
      await setLives(0);
    }
  });

  it('refuses what is not a live score of a match being played, in words', async () => {
    const admin = cup.admin;
    const bad = await score(admin, arsenal, { home: 1, away: 0, minute: 200 });
    expect(bad.status).toBe(400);
    const chelsea = fixtureOf(cup.round1, 'Chelsea');
    const early = await score(admin, chelsea, { home: 1, away: 0, minute: 3 });
    expect(early.status).toBe(409);
    expect(early.json.error.message).toMatch(/not kicked off/);
    const friday = fixtureOf(cup.round1, 'Manchester United');
    const over = await score(admin, friday, { home: 1, away: 0, minute: 90 });
    expect(over.status).toBe(409);
    expect(over.json.error.message).toMatch(/finished/);
    expect((await score(admin, { id: crypto.randomUUID() }, { home: 1, away: 0, minute: 3 })).status).toBe(
      404,
    );
    expect((await score(cup.players[0] as HttpClient, arsenal, { home: 1, away: 0, minute: 3 })).status).toBe(
      403,
    );
  });

  it("another club's admin sees none of it, and their live scores stay theirs", async () => {
    expect((await live(cup.otherAdmin)).status).toBe(404);
    const theirs = await score(cup.otherAdmin, arsenal, { home: 5, away: 5, minute: 80 });
    expect(theirs.status).toBe(200);
    const ours = await live(cup.admin);
    expect(ours.json.fixtures.find((f: Json) => f.fixtureId === arsenal.id)).toMatchObject({
      homeGoals: 0,
      awayGoals: 0,
    });
  });

  it('match alerts: off by default; once turned on, a goal that changes a player’s fate tells them', async () => {
    const pat = cup.players[0] as HttpClient;
    const jo = cup.players[1] as HttpClient;
    const prefs = await pat.get('/api/me/notification-preferences');
    const alerts = prefs.json.kinds.find((k: Json) => k.kind === 'match-alerts');
    expect(alerts).toMatchObject({ push: false, email: false, inApp: false });
    const on = {
      ...prefs.json,
      kinds: prefs.json.kinds.map((k: Json) =>
        k.kind === 'match-alerts' ? { ...k, push: true, inApp: true } : k,
      ),
    };
    expect((await pat.put('/api/me/notification-preferences', on)).status).toBe(200);
    const alertsOf = () =>
      server.db.select().from(notifications).where(eq(notifications.kind, 'match-alerts'));
    const before = (await alertsOf()).length;
    // Arsenal (Pat's pick) goes from 0-0 (out under "a draw is out") to 1-0: through. Jo has them off.
    await score(cup.admin, arsenal, { home: 0, away: 0, minute: 35 });
    await score(cup.admin, arsenal, { home: 1, away: 0, minute: 36 });
    const sent = (await alertsOf()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Through if it ends like this' });
    expect(sent[0]?.body).toMatch(/1–0/);
    // The minute moving on changes nobody's fate: no alert.
    await score(cup.admin, arsenal, { home: 1, away: 0, minute: 37 });
    expect((await alertsOf()).length).toBe(before + 1);
    expect(jo).toBeTruthy();
  });

  it('pushes a live score over Server-Sent Events, and resumes after a dropped connection', async () => {
    const anonymous = server.client();
    const refused = await openSse(server.baseUrl, anonymous);
    expect(refused.status).toBe(401);
    await refused.close();

    const viewer = cup.players[2] as HttpClient;
    const stream = await openSse(server.baseUrl, viewer);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.until('the comment sent on connect', () => stream.comments.includes('connected'));
    // The process counts the streams it holds, by club: the admin sees their club's only.
    expect((await cup.admin.get('/api/admin/live/connections')).json).toEqual({ connections: 1 });
    expect((await cup.otherAdmin.get('/api/admin/live/connections')).json).toEqual({ connections: 0 });
    const sentAt = Date.now();
    await score(cup.admin, arsenal, { home: 1, away: 0, minute: 41 });
    await stream.until('the live score', () => stream.messages.length === 1);
    const [goal] = stream.messages;
    expect(goal?.event).toBe('live-score');
    expect(JSON.parse(goal?.data ?? '{}')).toMatchObject({
      type: 'live-score',
      fixtureId: arsenal.id,
      homeGoals: 1,
      awayGoals: 0,
      minute: 41,
      source: 'club',
    });
    expect((goal?.at ?? 0) - sentAt).toBeGreaterThanOrEqual(0);
    // Another club's live score is not this club's business.
    await score(cup.otherAdmin, arsenal, { home: 6, away: 5, minute: 81 });
    await stream.close();

    // While the screen is away, two more changes; back with Last-Event-ID it gets exactly those.
    await score(cup.admin, arsenal, { home: 2, away: 0, minute: 55 });
    await score(cup.admin, liverpool, { home: 0, away: 1, minute: 88 });
    const resumed = await openSse(server.baseUrl, viewer, { lastEventId: goal?.id ?? '' });
    await resumed.until('the missed events', () => resumed.messages.length === 2);
    expect(resumed.messages.map((m) => JSON.parse(m.data).homeGoals)).toEqual([2, 0]);
    await resumed.close();

    // An id no longer kept: told to fetch everything again.
    const lost = await openSse(server.baseUrl, viewer, { lastEventId: 'gone-long-ago' });
    await lost.until('a resync', () => lost.messages.some((m) => m.event === 'resync'));
    await lost.close();
    // The server lets go of each stream the browser left.
    const deadline = Date.now() + 5000;
    while (server.app.services.events.connections.count() > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(server.app.services.events.connections.count()).toBe(0);
  });

  it('documents the stream as text/event-stream', async () => {
    const doc = (await server.client().get('/api/openapi.json')).json;
    const responses = doc.paths['/api/live'].get.responses;
    expect(Object.keys(responses['200'].content)).toEqual(['text/event-stream']);
    expect(Object.keys(responses['401'].content)).toEqual(['application/json']);
  });

  it("an admin's final result, and its correction, tell the club's open screens to fetch again", async () => {
    const mine = await openSse(server.baseUrl, cup.players[0] as HttpClient);
    const theirs = await openSse(server.baseUrl, cup.otherAdmin);
    await mine.until('connected', () => mine.comments.includes('connected'));
    await theirs.until('connected', () => theirs.comments.includes('connected'));
    const result = (home: number, away: number) =>
      cup.admin.put(`/api/admin/fixtures/${liverpool.id}/result`, { status: 'finished', home, away });
    const resultsSeen = () => mine.messages.filter((m) => m.event === 'results');

    expect((await result(0, 2)).status).toBe(200);
    await mine.until('the final result', () => resultsSeen().length === 1);
    // Full time was wrong: corrected, the round is settled again and the screens hear it again.
    const corrected = await result(2, 0);
    expect(corrected.status).toBe(200);
    await mine.until('the corrected result', () => resultsSeen().length === 2);
    const season = await demoSeason(server);
    expect(resultsSeen().map((m) => JSON.parse(m.data))).toEqual([
      { type: 'results', seasonId: season.id },
      { type: 'results', seasonId: season.id },
    ]);
    // Another club's screens hear nothing of this club's corrections.
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.messages.filter((m) => m.event === 'results')).toEqual([]);
    await mine.close();
    await theirs.close();
  });
});

describe.runIf(backends().includes('postgres'))(
  'live events across two server processes and one Redis',
  () => {
    let one: TestServer;
    let two: { baseUrl: string; close: () => Promise<void> };
    let cup: ThreePlayerCup;

    beforeAll(async () => {
      const prefix = `lastman-live-test-${process.pid}-${Date.now()}:`;
      one = await startTestServer('postgres', {
        seed: true,
        now: '2024-08-10T12:00:00Z',
        env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix },
      });
      cup = await threePlayerCup(one, { name: 'Two Servers Cup' });
      await playingRoundOne(one);
      one.clock.set(SATURDAY);
      // The second process: the same database, configuration and Redis, its own port and connections.
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

    it('a live score entered on one process reaches a screen held by the other', async () => {
      const viewer = cup.players[0] as HttpClient;
      const onTwo = await openSse(two.baseUrl, viewer);
      const onOne = await openSse(one.baseUrl, viewer);
      await onTwo.until('connected', () => onTwo.comments.includes('connected'));
      await onOne.until('connected', () => onOne.comments.includes('connected'));
      const arsenal = fixtureOf(cup.round1, 'Arsenal');
      const latencies: number[] = [];
      for (let goals = 1; goals <= 5; goals++) {
        const sent = Date.now();
        const res = await cup.admin.put(`/api/admin/fixtures/${arsenal.id}/live-score`, {
          home: goals,
          away: 0,
          minute: 10 + goals,
        });
        expect(res.status).toBe(200);
        await onTwo.until(`goal ${goals} on the other process`, () => onTwo.messages.length === goals);
        await onOne.until(`goal ${goals} on this process`, () => onOne.messages.length === goals);
        latencies.push((onTwo.messages[goals - 1]?.at ?? 0) - sent);
      }
      // The same event, with the same id, on both: a screen may resume on either process.
      expect(onTwo.messages.map((m) => m.id)).toEqual(onOne.messages.map((m) => m.id));
      console.info(`live score -> screen on the other process, ms: ${latencies.join(', ')}`);
      await onTwo.close();
      const resumed = await openSse(one.baseUrl, viewer, { lastEventId: onTwo.messages[2]?.id ?? '' });
      await resumed.until('the two after the third', () => resumed.messages.length === 2);
      await resumed.close();
      await onOne.close();
    });
  },
);
