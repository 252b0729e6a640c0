import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entries,
  fixtures,
  notifications,
  roundSettlements,
  seasons,
  teams,
} from '../../src/db/schema/index.ts';
import { BUNDLED_SEASONS_DIR, importBundledSeasons } from '../../src/domains/game/football/bundled.ts';
import { seasonFolderAt, startOpenfootballFeed } from '../../src/domains/game/football/openfootball-feed.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aCompetition, aMember, aUser, demoSeason, someEntries, somePicks } from '../support/world.ts';

interface RawMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  score?: unknown;
}
type RawSeason = { name: string; matches: RawMatch[] };

const bundled = (file: string) => readFileSync(`${BUNDLED_SEASONS_DIR}${file}.json`, 'utf8');
const PREMIER = bundled('premier-league-2026-27');
const CHAMPIONSHIP = bundled('championship-2026-27');

/** The bundled Premier League file with some matches changed, as openfootball would publish it later. */
function premierWith(change: (m: RawMatch) => void): string {
  const season = JSON.parse(PREMIER) as RawSeason;
  for (const m of season.matches) change(m);
  return JSON.stringify(season, null, 1);
}

const is = (m: RawMatch, home: string, away: string) => m.team1 === home && m.team2 === away;

/**
 * A stand-in of openfootball's raw files, over real HTTP: `/<season>/en.1.json` and `en.2.json` with an
 * ETag (a 304 for If-None-Match), or, by mode, an error, a slow answer or garbage for en.1.
 */
interface StandIn {
  url: string;
  premier: string;
  mode: 'ok' | 'error' | 'slow' | 'garbage' | 'html' | 'fragment' | 'other-league';
  notModified: number;
  calls: string[];
  close(): Promise<void>;
}

async function startStandIn(): Promise<StandIn> {
  const etag = (text: string) => `"${createHash('sha1').update(text).digest('hex')}"`;
  const state = { premier: PREMIER, mode: 'ok' as StandIn['mode'], notModified: 0, calls: [] as string[] };
  const slow = new Set<ReturnType<typeof setTimeout>>();
  const server: Server = createServer((req, res) => {
    state.calls.push(req.url ?? '');
    const send = (text: string) => {
      const tag = etag(text);
      if (req.headers['if-none-match'] === tag) {
        state.notModified++;
        res.writeHead(304, { etag: tag }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', etag: tag }).end(text);
    };
    if (req.url === '/2026-27/en.2.json') return send(CHAMPIONSHIP);
    if (req.url !== '/2026-27/en.1.json') return void res.writeHead(404).end('404: Not Found');
    switch (state.mode) {
      case 'error':
        return void res.writeHead(503).end('Service Unavailable');
      case 'slow': {
        const t = setTimeout(() => send(state.premier), 3000);
        slow.add(t);
        return;
      }
      case 'garbage':
        return void res.writeHead(200, { etag: '"g"' }).end(state.premier.slice(0, 20_000));
      case 'html':
        return void res.writeHead(200, { etag: '"h"' }).end('<html><body>Rate limited</body></html>');
      case 'fragment': {
        const season = JSON.parse(state.premier) as RawSeason;
        return void res
          .writeHead(200, { etag: '"f"' })
          .end(JSON.stringify({ ...season, matches: season.matches.slice(0, 30) }));
      }
      case 'other-league':
        return void res.writeHead(200, { etag: '"o"' }).end(CHAMPIONSHIP);
      default:
        return send(state.premier);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const t of slow) clearTimeout(t);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  }) as StandIn;
}

/** A port nothing listens on: a feed that is down. */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe.each(backends())('the openfootball feed against a local stand-in on %s', (backend) => {
  let server: TestServer;
  let feed: StandIn;
  let seasonId = '';
  let competitionId = '';
  let player: { client: HttpClient; userId: string };
  let otherId = '';

  const feedAt = (baseUrl: string) =>
    startOpenfootballFeed({
      services: server.app.services,
      baseUrl,
      intervalMs: 3_600_000,
      timeoutMs: 500,
      schedule: false,
    });

  /** Everything the feed could touch: the season's matches, the competition's settlement and entries. */
  const snapshot = async () => ({
    fixtures: await server.db
      .select()
      .from(fixtures)
      .where(eq(fixtures.seasonId, seasonId))
      .orderBy(asc(fixtures.externalId)),
    settled: await server.db
      .select({ round: roundSettlements.round, settledAt: roundSettlements.settledAt })
      .from(roundSettlements)
      .where(eq(roundSettlements.competitionId, competitionId))
      .orderBy(asc(roundSettlements.round)),
    entries: await server.db
      .select({ id: entries.id, status: entries.status, out: entries.eliminatedRound })
      .from(entries)
      .where(eq(entries.competitionId, competitionId))
      .orderBy(asc(entries.id)),
    season: await server.db
      .select({ updatedAt: seasons.dataUpdatedAt, name: seasons.name })
      .from(seasons)
      .where(eq(seasons.id, seasonId)),
  });

  beforeAll(async () => {
    // Wednesday 2 September 2026: Matchdays 1 and 2 played, Matchday 3 on Friday.
    server = await startTestServer(backend, {
      now: '2026-09-02T12:00:00Z',
      env: { PLATFORM_ADMINS: 'ops@lastman.test' },
    });
    feed = await startStandIn();
    // As the server's start does: no network needed for the season being played.
    await importBundledSeasons(server.db);
    seasonId = (await demoSeason(server, 'premier-league-2026-27')).id;
    const club = await aClub(server, { slug: 'the-anchor', name: 'The Anchor' });
    player = await aMember(server, { club, email: 'sam@anchor.test', name: 'Sam' });
    otherId = await aUser(server, { club, email: 'alex@anchor.test', name: 'Alex' });
    const comp = await aCompetition(server, {
      clubId: club.id,
      seasonId,
      name: 'Anchor Last One Standing',
      status: 'running',
      prizeModel: 'free',
      entryFeePence: 0,
      houseSharePercent: 0,
      startRound: 1,
    });
    competitionId = comp.id;
    const [sam] = await someEntries(server, { competition: comp, userId: player.userId });
    const [alex] = await someEntries(server, { competition: comp, userId: otherId });
    const team = async (name: string) => {
      const [row] = await server.db.select().from(teams).where(eq(teams.name, name));
      if (!row) throw new Error(name);
      return row.id;
    };
    // Round 1: Arsenal beat Coventry 3-0, Hull beat Man Utd 2-0. Round 2: Man City and Chelsea won.
    await somePicks(server, comp, [
      { entry: sam as { id: string }, round: 1, teamId: await team('Arsenal FC') },
      { entry: alex as { id: string }, round: 1, teamId: await team('Hull City AFC') },
      { entry: sam as { id: string }, round: 2, teamId: await team('Manchester City FC') },
      { entry: alex as { id: string }, round: 2, teamId: await team('Chelsea FC') },
    ]);
    const pass = await runSettlementPass(server);
    expect(pass.settledRounds).toBe(2);
  });
  afterAll(async () => {
    await feed?.close();
    await server?.close();
  });

  it('fetches the season being played: from July, the one that starts that year', () => {
    expect(seasonFolderAt(new Date('2026-11-29T12:00:00Z'))).toBe('2026-27');
    expect(seasonFolderAt(new Date('2027-06-30T22:30:00Z'))).toBe('2026-27');
    // Midnight of 1 July in London is still 30 June in UTC.
    expect(seasonFolderAt(new Date('2027-06-30T23:30:00Z'))).toBe('2027-28');
  });

  it('a corrected score and a moved kick-off reach the app, re-settle the round and tell the player', async () => {
    // openfootball corrects Arsenal v Coventry to 0-1 and moves Ipswich v Liverpool to Saturday 17:30.
    feed.premier = premierWith((m) => {
      if (is(m, 'Arsenal FC', 'Coventry City FC')) m.score = { ht: [0, 0], ft: [0, 1] };
      if (is(m, 'Ipswich Town FC', 'Liverpool FC')) Object.assign(m, { date: '2026-09-05', time: '17:30' });
    });
    const tick = await feedAt(feed.url).runNow();
    const [premier, championship] = tick.leagues;
    expect(premier).toMatchObject({ key: 'premier-league-2026-27', status: 'updated' });
    expect(premier?.update?.counts).toMatchObject({ corrected: 1, moved: 1, result: 0, added: 0 });
    expect(premier?.update?.resettled).toEqual([competitionId]);
    // The Championship's file is the bundled one: read, nothing to change.
    expect(championship?.update?.changes).toEqual([]);
    expect(tick.failures).toBe(0);

    // The app shows both.
    const round = async (n: number) =>
      (await player.client.get(`/api/seasons/${seasonId}/rounds/${n}`)).json.fixtures as Json[];
    const arsenal = (await round(1)).find((f) => f.home.name === 'Arsenal FC');
    expect(arsenal).toMatchObject({ homeScore: 0, awayScore: 1, status: 'finished', corrected: false });
    const ipswich = (await round(3)).find((f) => f.home.name === 'Ipswich Town FC');
    expect(ipswich?.kickoff).toBe('2026-09-05T16:30:00.000Z');

    // Round 1 was settled again: Sam's Arsenal lost, so Sam is out in round 1, and Alex, the last one
    // standing, has won (round 2 is no longer played).
    const state = await snapshot();
    expect(state.settled.map((s) => s.round)).toEqual([1]);
    expect(state.entries.map((e) => [e.status, e.out]).sort()).toEqual([
      ['eliminated', 1],
      ['won', null],
    ]);
    const told = await server.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, player.userId), eq(notifications.kind, 'results')));
    expect(told.map((n) => n.title)).toContain('Anchor Last One Standing: a result was corrected');
    expect(told.map((n) => n.body).join(' ')).toContain('Arsenal FC 0–1 Coventry City FC');

    // The same file again: a 304, and nothing is written.
    const before = await snapshot();
    const again = await feedAt(feed.url).runNow();
    expect(again.leagues.map((l) => l.status)).toEqual(['unchanged', 'unchanged']);
    expect(feed.notModified).toBeGreaterThanOrEqual(2);
    expect(await snapshot()).toEqual(before);
  });

  it('a feed that is down, slow, or answers garbage changes nothing, and the wait doubles', async () => {
    const before = await snapshot();
    const down = await closedPort();
    const errors: string[] = [];
    const delays: number[] = [];
    // One feed object polling again and again: its failures add up.
    const failing = feedAt(feed.url);
    const poll = async (mode: StandIn['mode']) => {
      feed.mode = mode;
      const tick = await failing.runNow();
      expect(tick.leagues[0]?.status, mode).toBe('failed');
      errors.push(tick.leagues[0]?.error ?? '');
      delays.push(tick.nextDelayMs);
      expect(await snapshot(), mode).toEqual(before);
    };
    for (const mode of ['error', 'slow', 'garbage', 'html', 'fragment', 'other-league'] as const)
      await poll(mode);
    const refused = await feedAt(down).runNow();
    expect(refused.leagues.map((l) => l.status)).toEqual(['failed', 'failed']);
    expect(await snapshot()).toEqual(before);

    expect(errors[0]).toMatch(/HTTP 503/);
    expect(errors[1]).toMatch(/no answer within 1 s|no answer within 0 s/);
    expect(errors[2]).toMatch(/not JSON/);
    expect(errors[3]).toMatch(/not JSON/);
    expect(errors[4]).toMatch(/lists 30 of the 380 matches/);
    expect(errors[5]).toMatch(/lists 0 of the 380 matches/);
    // Half the interval, then doubling: 30 min, 1 h, 2 h… up to six hours.
    expect(delays.slice(0, 4)).toEqual([1_800_000, 3_600_000, 7_200_000, 14_400_000]);
    expect(delays.at(-1)).toBe(6 * 3_600_000);

    // The admin sees why; a good answer clears it.
    const [row] = await server.db.select().from(seasons).where(eq(seasons.id, seasonId));
    expect(row?.feedError).toMatch(/ECONNREFUSED/);
    feed.mode = 'ok';
    const back = await failing.runNow();
    expect(back.leagues[0]?.status).toBe('unchanged');
    expect(back.failures).toBe(0);
    expect(back.nextDelayMs).toBe(3_600_000);
    const [cleared] = await server.db.select().from(seasons).where(eq(seasons.id, seasonId));
    expect(cleared?.feedError).toBeNull();
  });

  it('a new club starts a competition on the current season from the round after today', async () => {
    // Sunday 29 November 2026: Matchday 12 was yesterday, Matchday 13 is on Wednesday.
    server.clock.set('2026-11-29T10:00:00Z');
    const club = await aClub(server, { slug: 'the-swan', name: 'The Swan' });
    const { client: admin } = await aMember(server, { club, role: 'admin', email: 'jo@swan.test' });
    const { seasons: list } = (await admin.get('/api/seasons')).json as { seasons: Json[] };
    const current = list.find((s) => s.key === 'premier-league-2026-27');
    expect(current).toMatchObject({ league: 'premier-league', name: 'English Premier League 2026/27' });
    expect(list.find((s) => s.key === 'championship-2026-27')).toMatchObject({ league: 'championship' });
    const next = current?.rounds.find((r: Json) => Date.parse(r.firstKickoff) > server.clock.now().getTime());
    expect(next?.round).toBe(13);
    const created = await admin.post('/api/admin/competitions', {
      name: 'Swan Christmas Cup',
      seasonId: current?.id,
      startRound: next?.round,
      prizeModel: 'free',
    });
    expect(created.status).toBe(201);
    expect(created.json.competition).toMatchObject({ startRound: 13, seasonId: current?.id });
    expect((await admin.post(`/api/admin/competitions/${created.json.competition.id}/open`)).status).toBe(
      200,
    );

    // The admin sees where the data comes from and how fresh it is.
    const state = (await admin.get('/api/admin/football/data')).json;
    expect(state.seasons[0]).toMatchObject({
      key: 'premier-league-2026-27',
      league: 'premier-league',
      updatedBy: 'openfootball-feed',
      feedError: null,
    });
    expect(state.seasons[0].feedCheckedAt).not.toBeNull();
    expect(state.seasons.map((s: Json) => s.key)).toContain('championship-2026-27');
    expect(state.canUpload).toBe(false);
  });

  it('a platform admin uploads a season file: applied as the feed’s; garbage gets a plain 4xx', async () => {
    const { client: ops } = await aMember(server, {
      club: await aClub(server, { slug: 'ops', name: 'Ops' }),
      role: 'admin',
      email: 'ops@lastman.test',
    });
    const upload = (body: object) => ops.post('/api/platform/seasons', body);
    expect((await ops.get('/api/admin/football/data')).json.canUpload).toBe(true);

    const notJson = await upload({ text: '{"name": "English Premier League 2026/27", "matches": [' });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error.message).toMatch(/^This file is not JSON/);
    const notSeason = await upload({ text: JSON.stringify({ name: 'x', matches: [{ round: 'Week 1' }] }) });
    expect(notSeason.status).toBe(400);
    expect(notSeason.json.error.message).toMatch(/not an openfootball season: .*Matchday N/);
    const unnamed = await upload({ text: JSON.stringify({ ...JSON.parse(PREMIER), name: 'My league' }) });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.error.message).toMatch(/Say which league and season/);
    const wrong = await upload({ text: CHAMPIONSHIP, league: 'premier-league' });
    expect(wrong.status).toBe(409);
    expect(wrong.json.error.message).toMatch(/lists 0 of the 380 matches/);
    expect((await upload({ text: '' })).status).toBe(400);

    // Matchday 5's first match played: 1-1.
    const newer = premierWith((m) => {
      if (is(m, 'Brentford FC', 'Chelsea FC')) m.score = { ht: [0, 1], ft: [1, 1] };
      if (is(m, 'Arsenal FC', 'Coventry City FC')) m.score = { ht: [0, 0], ft: [0, 1] };
      if (is(m, 'Ipswich Town FC', 'Liverpool FC')) Object.assign(m, { date: '2026-09-05', time: '17:30' });
    });
    const ok = await upload({ text: newer });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      key: 'premier-league-2026-27',
      created: false,
      summary: '1 new result.',
    });
    const [row] = await server.db.select().from(seasons).where(eq(seasons.id, seasonId));
    expect(row?.updatedBy).toBe('upload');

    // Anyone else is refused (the access matrix tries every kind of caller).
    const refused = await player.client.post('/api/platform/seasons', { text: newer });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('Only the people who run this server can do that.');
  });
});
