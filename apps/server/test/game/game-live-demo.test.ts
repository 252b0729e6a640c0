import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, fixtures, roundSettlements, seasons } from '../../src/db/schema/index.ts';
import { demoRoundPlayed, scriptMatch } from '../../src/domains/game/live/demo-match-day.ts';
import { openSse } from '../support/sse-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { otherClubAdmin, signedIn } from '../support/world.ts';

describe('the demo plays a round live, sped up, from the football-data.org stand-in', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { seed: true });
  }, 120_000);
  afterAll(() => server?.close());

  it('scripts a match as minutes, goals in order, half time and full time with the real score', () => {
    const steps = scriptMatch(1, { home: 3, away: 1 }, 92_000, 7);
    expect(steps[0]).toMatchObject({ atMs: 0, status: 'IN_PLAY', home: 0, away: 0 });
    expect(steps.at(-1)).toMatchObject({ status: 'FINISHED', home: 3, away: 1 });
    expect(steps.some((s) => s.status === 'PAUSED')).toBe(true);
    const homes = steps.map((s) => s.home ?? 0);
    expect(homes).toEqual([...homes].sort((a, b) => a - b));
  });

  it('an admin starts it; the screens hear the live scores; full time settles the round', async () => {
    const admin = await signedIn(server, 'admin@redlion.test');
    const [demo] = await server.db.select().from(seasons).where(eq(seasons.source, 'demo'));
    const [comp] = await server.db
      .select()
      .from(competitions)
      .where(and(eq(competitions.seasonId, demo?.id ?? ''), eq(competitions.status, 'running')));
    if (!comp) throw new Error('the demo has no running competition');
    const settledBefore = await server.db
      .select()
      .from(roundSettlements)
      .where(eq(roundSettlements.competitionId, comp.id));
    const stream = await openSse(server.baseUrl, admin);
    const started = await admin.post('/api/admin/live/demo-round', { playSeconds: 10 });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ competitionId: comp.id, playMs: 10_000 });
    expect(started.json.matches).toBeGreaterThan(5);
    // A second one while it plays is refused in words.
    const again = await admin.post('/api/admin/live/demo-round', {});
    expect(again.status).toBe(409);
    await stream.until(
      'live scores',
      () => stream.messages.filter((m) => m.event === 'live-score').length > 5,
      20_000,
    );
    const during = await admin.get(`/api/competitions/${comp.id}/live`);
    expect(during.json.round).toBe(started.json.round);
    await demoRoundPlayed();
    await stream.until('the results', () => stream.messages.some((m) => m.event === 'results'), 20_000);
    await stream.close();
    const settledAfter = await server.db
      .select()
      .from(roundSettlements)
      .where(eq(roundSettlements.competitionId, comp.id));
    expect(settledAfter.length).toBe(settledBefore.length + 1);
    const after = await admin.get(`/api/competitions/${comp.id}/live`);
    expect(after.json).toMatchObject({ round: started.json.round, settled: true });
  }, 60_000);

  describe('touches the demo club only', () => {
    const demoSeason = async () => {
      const [demo] = await server.db.select().from(seasons).where(eq(seasons.source, 'demo'));
      if (!demo) throw new Error('no demo season');
      return demo.id;
    };
    /** The demo season's fixtures and every club's settled rounds, as they stand. */
    const snapshot = async () => ({
      fixtures: await server.db
        .select({
          id: fixtures.id,
          kickoffAt: fixtures.kickoffAt,
          status: fixtures.status,
          home: fixtures.homeScore,
          away: fixtures.awayScore,
        })
        .from(fixtures)
        .where(eq(fixtures.seasonId, await demoSeason()))
        .orderBy(fixtures.id),
      settlements: (await server.db.select().from(roundSettlements)).length,
      competitions: await server.db
        .select({ id: competitions.id, status: competitions.status })
        .from(competitions)
        .orderBy(competitions.id),
    });

    it("another club's admin is refused in words, and nothing changes", async () => {
      const other = await otherClubAdmin(server, 'Kim Kings', 'kim@kingsarms.test');
      const before = await snapshot();
      const res = await other.post('/api/admin/live/demo-round', { playSeconds: 10 });
      expect(res.status).toBe(403);
      expect(res.json.error.message).toBe(
        'The live demo round is played by the demo club only, The Red Lion.',
      );
      expect(await snapshot()).toEqual(before);
    });

    it("another club's competition on a later round lets the demo play; one on the round to be played stops it, untouched", async () => {
      const other = server.client();
      await other.signIn('kim@kingsarms.test', 'club-member-pass');
      const openCompetition = async (name: string, startRound: number) => {
        const created = await other.post('/api/admin/competitions', {
          name,
          seasonId: await demoSeason(),
          startRound,
          prizeModel: 'free',
        });
        expect(created.status).toBe(201);
        const opened = await other.post(`/api/admin/competitions/${created.json.competition.id}/open`);
        expect(opened.status).toBe(200);
        return created.json.competition.id as string;
      };
      const lastRound = await openCompetition('Kings Arms, the last round', 38);
      const admin = await signedIn(server, 'admin@redlion.test');
      const played = await admin.post('/api/admin/live/demo-round', { playSeconds: 10 });
      expect(played.status).toBe(200);
      await demoRoundPlayed();
      const [untouched] = await server.db.select().from(competitions).where(eq(competitions.id, lastRound));
      expect(untouched?.status).toBe('open');

      const nextRound = (played.json.round as number) + 1;
      await openCompetition('Kings Arms, the next round', nextRound);
      const before = await snapshot();
      const res = await admin.post('/api/admin/live/demo-round', { playSeconds: 10 });
      expect(res.status).toBe(409);
      expect(res.json.error.message).toBe(
        `Another club has a competition on the demo season that plays round ${nextRound}: playing it live would change its results, so the demo round is off until that competition ends.`,
      );
      expect(await snapshot()).toEqual(before);
    }, 60_000);
  });
});
