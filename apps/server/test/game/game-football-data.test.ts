import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, entries, fixtures, roundSettlements, seasons } from '../../src/db/schema/index.ts';
import { findClubBySlug } from '../../src/domains/club/queries.ts';
import {
  FootballDataError,
  parseFootballDataMatches,
  startFootballDataSync,
  syncFootballData,
} from '../../src/domains/game/football/football-data.ts';
import { startSettlementWorker } from '../../src/domains/game/settlement/worker.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, aUser, someEntries, somePicks } from '../support/world.ts';

const TOKEN = 'test-token-0123456789';

/** Two matchdays in football-data.org v4's documented shape (fields we do not use included, as the API sends them). */
function match(
  id: number,
  matchday: number,
  utcDate: string,
  home: [number, string],
  away: [number, string],
  extra: object,
) {
  return {
    area: { id: 2072, name: 'England', code: 'ENG', flag: 'https://crests.football-data.org/770.svg' },
    competition: {
      id: 2021,
      name: 'Premier League',
      code: 'PL',
      type: 'LEAGUE',
      emblem: 'https://crests.football-data.org/PL.png',
    },
    season: { id: 2287, startDate: '2024-08-16', endDate: '2025-05-25', currentMatchday: 2, winner: null },
    id,
    utcDate,
    status: 'TIMED',
    matchday,
    stage: 'REGULAR_SEASON',
    group: null,
    lastUpdated: '2024-08-20T00:00:00Z',
    homeTeam: { id: home[0], name: home[1], shortName: home[1].replace(/ FC$/, ''), tla: 'XXX', crest: '' },
    awayTeam: { id: away[0], name: away[1], shortName: away[1].replace(/ FC$/, ''), tla: 'YYY', crest: '' },
    score: {
      winner: null,
      duration: 'REGULAR',
      fullTime: { home: null, away: null },
      halfTime: { home: null, away: null },
    },
    odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
    referees: [],
    ...extra,
  };
}

const MUN: [number, string] = [66, 'Manchester United FC'];
const FUL: [number, string] = [63, 'Fulham FC'];
const ARS: [number, string] = [57, 'Arsenal FC'];
const WOL: [number, string] = [76, 'Wolverhampton Wanderers FC'];

function body(finished: boolean) {
  const ft = (home: number, away: number) =>
    finished
      ? {
          status: 'FINISHED',
          score: {
            winner: 'HOME_TEAM',
            duration: 'REGULAR',
            fullTime: { home, away },
            halfTime: { home: 0, away: 0 },
          },
        }
      : {};
  return {
    filters: { season: '2024' },
    resultSet: { count: 4, first: '2024-08-16', last: '2024-08-25', played: finished ? 2 : 0 },
    competition: { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE', emblem: '' },
    matches: [
      match(497410, 1, '2024-08-16T19:00:00Z', MUN, FUL, ft(1, 0)),
      match(497411, 1, '2024-08-17T14:00:00Z', ARS, WOL, ft(2, 0)),
      match(497420, 2, '2024-08-24T14:00:00Z', FUL, ARS, {}),
      match(497421, 2, '2024-08-25T13:00:00Z', WOL, MUN, { status: 'POSTPONED' }),
    ],
  };
}

describe('the football-data.org v4 client against a local stand-in', () => {
  let server: TestServer;
  let api: Server;
  let apiUrl = '';
  let finished = false;
  const seen: { url: string; token: string | undefined }[] = [];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    api = createServer((req, res) => {
      seen.push({ url: req.url ?? '', token: req.headers['x-auth-token'] as string | undefined });
      if (req.headers['x-auth-token'] !== TOKEN) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ message: 'The resource you are looking for is restricted.', errorCode: 403 }),
        );
        return;
      }
      if (!req.url?.startsWith('/v4/competitions/PL/matches')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body(finished)));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const address = api.address();
    if (address && typeof address !== 'string') apiUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => api?.close(resolve));
    await server?.close();
  });

  const source = () => ({ token: TOKEN, baseUrl: apiUrl, competition: 'PL', season: 2024 });

  it('maps matches to the importer’s season shape', () => {
    const season = parseFootballDataMatches(body(true));
    expect(season.name).toBe('Premier League 2024-25');
    expect(season.teams).toEqual([
      'Arsenal FC',
      'Fulham FC',
      'Manchester United FC',
      'Wolverhampton Wanderers FC',
    ]);
    expect(season.fixtures[0]).toMatchObject({
      id: 'fd:497410',
      round: 1,
      home: 'Manchester United FC',
      date: '2024-08-16',
      kickoff: Date.parse('2024-08-16T19:00:00Z'),
      result: { home: 1, away: 0 },
      status: 'finished',
    });
    expect(season.fixtures[3]).toMatchObject({ status: 'postponed', result: null });
    expect(() => parseFootballDataMatches({ matches: 'nope' })).toThrow(FootballDataError);
  });

  it('imports with the token, then re-imports results in place without duplicates', async () => {
    const first = await syncFootballData(server.db, source());
    expect(seen.at(-1)).toEqual({ url: '/v4/competitions/PL/matches?season=2024', token: TOKEN });
    expect(first.fixtures).toBe(4);
    const [season] = await server.db.select().from(seasons).where(eq(seasons.id, first.seasonId));
    expect(season).toMatchObject({
      key: 'football-data-PL-2024',
      source: 'football-data',
      name: 'Premier League 2024-25',
    });
    let rows = await server.db.select().from(fixtures).where(eq(fixtures.seasonId, first.seasonId));
    expect(rows.filter((r) => r.status === 'finished')).toHaveLength(0);

    finished = true;
    const second = await syncFootballData(server.db, source());
    expect(second.seasonId).toBe(first.seasonId);
    rows = await server.db.select().from(fixtures).where(eq(fixtures.seasonId, first.seasonId));
    expect(rows).toHaveLength(4);
    const opener = rows.find((r) => r.externalId === 'fd:497410');
    expect(opener).toMatchObject({ status: 'finished', homeScore: 1, awayScore: 0 });
    expect(rows.find((r) => r.externalId === 'fd:497421')?.status).toBe('postponed');
  });

  it('the scheduled sync runs again after its interval, re-settles after each import, and stops', async () => {
    // The season without results, and a competition on it with one entry on each side of round 1.
    finished = false;
    const { seasonId } = await syncFootballData(server.db, source());
    const club = await findClubBySlug(server.db, server.config.DEFAULT_CLUB);
    if (!club) throw new Error('no club');
    const userId = await aUser(server, { club, name: 'Sync Player', email: 'sync@example.com' });
    const comp = await aCompetition(server, {
      clubId: club.id,
      seasonId,
      name: 'Synced',
      status: 'running',
      prizeModel: 'free',
      entryFeePence: 0,
      houseSharePercent: 0,
      startRound: 1,
    });
    const [won, lost] = await someEntries(server, { competition: comp, userId, count: 2 });
    const teamRows = await server.db.select().from(fixtures).where(eq(fixtures.externalId, 'fd:497410'));
    const opener = teamRows[0];
    if (!won || !lost || !opener) throw new Error('setup failed');
    const wolvesMatch = (
      await server.db.select().from(fixtures).where(eq(fixtures.externalId, 'fd:497411'))
    )[0];
    await somePicks(server, comp, [
      // Man Utd (home, won 1-0) and Wolves (away, lost 2-0) once the results are in.
      { entry: won, round: 1, teamId: opener.homeTeamId },
      { entry: lost, round: 1, teamId: wolvesMatch?.awayTeamId as string },
    ]);
    // Between round 1's kick-offs' end and its 48 hours: only results can settle it.
    server.clock.set('2024-08-17T18:00:00Z');

    const settlement = startSettlementWorker({
      db: server.db,
      clock: server.clock,
      registries: server.registries,
      intervalMs: 3_600_000,
    });
    const requestsBefore = seen.length;
    let afterSyncRuns = 0;
    const sync = startFootballDataSync({
      db: server.db,
      source: source(),
      intervalMs: 250,
      afterSync: async () => {
        afterSyncRuns++;
        await settlement.kick();
      },
    });
    const until = async (what: string, ok: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 20_000;
      while (!(await ok())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const settled = () =>
      server.db.select().from(roundSettlements).where(eq(roundSettlements.competitionId, comp.id));
    try {
      // The first sync (at start) brings no results: nothing to settle.
      await until('the first sync', () => afterSyncRuns >= 1);
      expect(seen.length).toBeGreaterThan(requestsBefore);
      expect(await settled()).toHaveLength(0);

      // The results come out; the next scheduled sync imports them and the round settles.
      finished = true;
      const runsSoFar = afterSyncRuns;
      await until('a later sync and its re-settlement', async () => (await settled()).length === 1);
      expect(afterSyncRuns).toBeGreaterThan(runsSoFar);
      expect(seen.length).toBeGreaterThanOrEqual(requestsBefore + 2);
      const [after] = await server.db.select().from(competitions).where(eq(competitions.id, comp.id));
      expect(after).toMatchObject({ status: 'finished', finalRound: 1 });
      const status = await server.db.select().from(entries).where(eq(entries.competitionId, comp.id));
      expect(new Map(status.map((e) => [e.id, e.status]))).toEqual(
        new Map([
          [won.id, 'won'],
          [lost.id, 'eliminated'],
        ]),
      );
    } finally {
      sync.stop();
      await settlement.stop();
    }
    // Stopped: once a sync in flight has finished, no further request is made.
    await new Promise((r) => setTimeout(r, 300));
    const atStop = seen.length;
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen.length).toBe(atStop);
  });

  it('a refused token is a clear error, not a crash', async () => {
    await expect(syncFootballData(server.db, { ...source(), token: 'wrong-token-123' })).rejects.toThrow(
      /token was refused/,
    );
  });
});
