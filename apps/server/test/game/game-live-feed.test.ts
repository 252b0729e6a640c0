import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, roundSettlements } from '../../src/db/schema/index.ts';
import { startFootballDataSync, syncFootballData } from '../../src/domains/game/football/football-data.ts';
import type { LiveChange } from '../../src/domains/game/football/live-scores.ts';
import {
  type FootballDataStandIn,
  type StandInMatch,
  startFootballDataStandIn,
} from '../../src/domains/game/football/stand-in.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TOKEN = 'stand-in-token-0123456789';

function matchDay(): StandInMatch[] {
  const team = (id: number, name: string) => ({ id, name });
  const m = (id: number, home: [number, string], away: [number, string]): StandInMatch => ({
    id,
    matchday: 1,
    utcDate: '2024-08-17T14:00:00Z',
    home: team(...home),
    away: team(...away),
    status: 'TIMED',
    score: { home: null, away: null },
    minute: null,
  });
  return [
    m(901, [57, 'Arsenal FC'], [76, 'Wolverhampton Wanderers FC']),
    m(902, [66, 'Man Utd FC'], [63, 'Fulham FC']),
  ];
}

describe('live scores from football-data.org (a local stand-in)', () => {
  let server: TestServer;
  let standIn: FootballDataStandIn;
  const source = () => ({ token: TOKEN, baseUrl: standIn.url, competition: 'PL', season: 2024 });
  const row = async (externalId: string) =>
    (await server.db.select().from(fixtures).where(eq(fixtures.externalId, externalId)))[0];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    standIn = await startFootballDataStandIn({ token: TOKEN, matches: matchDay() });
  });
  afterAll(async () => {
    await standIn?.close();
    await server?.close();
  });

  it('keeps the live score and minute apart from the result, marks a goal taken back, and settles nothing', async () => {
    const at = new Date('2024-08-17T14:30:00Z');
    const before = await syncFootballData(server.db, source(), at);
    expect(before.liveChanges).toEqual([]);
    // Kick-off within the window: a match day, so the sync runs each minute.
    expect(before.matchDay).toBe(true);

    standIn.apply({ matchId: 901, status: 'IN_PLAY', home: 1, away: 0, minute: 23 });
    const goal = await syncFootballData(server.db, source(), at);
    expect(goal.liveChanges).toEqual([
      expect.objectContaining({ home: 1, away: 0, minute: 23, corrected: false, seasonId: before.seasonId }),
    ]);
    expect(await row('fd:901')).toMatchObject({
      status: 'live',
      liveHome: 1,
      liveAway: 0,
      liveMinute: 23,
      homeScore: null,
      awayScore: null,
    });

    // The goal is disallowed: the feed goes backwards, shown as a correction, still not a result.
    const later = new Date('2024-08-17T14:35:00Z');
    standIn.apply({ matchId: 901, home: 0, minute: 27 });
    const disallowed = await syncFootballData(server.db, source(), later);
    expect(disallowed.liveChanges[0]).toMatchObject({ home: 0, away: 0, corrected: true });
    expect(await row('fd:901')).toMatchObject({ liveHome: 0, liveCorrectedAt: later, homeScore: null });
    expect(await server.db.select().from(roundSettlements)).toHaveLength(0);

    // Nothing changed: heard from again, nothing to tell.
    const quiet = await syncFootballData(server.db, source(), later);
    expect(quiet.liveChanges).toEqual([]);

    // Full time: the result is written as before; the live columns stay for the screens.
    standIn.apply({ matchId: 901, status: 'FINISHED', home: 0, away: 1 });
    await syncFootballData(server.db, source(), new Date('2024-08-17T16:00:00Z'));
    expect(await row('fd:901')).toMatchObject({ status: 'finished', homeScore: 0, awayScore: 1 });
  });

  it('backs off on a 429 for as long as football-data.org asks, then goes on', async () => {
    standIn.refuseNext(1, 1);
    const heard: LiveChange[][] = [];
    const warnings: unknown[] = [];
    const callsBefore = standIn.calls.length;
    standIn.apply({ matchId: 902, status: 'IN_PLAY', home: 0, away: 0, minute: 5 });
    const sync = startFootballDataSync({
      db: server.db,
      source: source(),
      intervalMs: 60_000,
      liveIntervalMs: 100,
      now: () => new Date('2024-08-17T14:40:00Z'),
      onLive: (changes) => {
        heard.push(changes);
      },
      log: { info: () => {}, warn: (obj) => warnings.push(obj), error: () => {} },
    });
    try {
      const deadline = Date.now() + 10_000;
      // Refused once, it waits the second it was told, then syncs each 100 ms while a match is on.
      while (standIn.calls.length < callsBefore + 3 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      sync.stop();
    }
    expect(warnings).toEqual([{ waitMs: 1000 }]);
    expect(heard[0]).toEqual([expect.objectContaining({ home: 0, away: 0, minute: 5 })]);
    expect(standIn.calls.length).toBeGreaterThanOrEqual(callsBefore + 3);
  });
});
