import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { clubs, picks, roundSettlements, user } from '../src/db/schema/index.ts';
import { newJoinCode } from '../src/features/clubs/service.ts';
import { runSettlementPass } from '../src/features/settlement/worker.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { put, ROUND1_DEADLINE, seasonId, teamIn } from './game-helpers.ts';
import type { HttpClient, Json } from './support/http-client.ts';
import { backends, startTestServer, type TestServer } from './support/test-server.ts';

const postgres = backends().includes('postgres');

describe.skipIf(!postgres)('the game on PostgreSQL: concurrency, workers, tenancy', () => {
  let server: TestServer;
  let admin: HttpClient;
  let player: HttpClient;
  let season: string;
  let round1: Json[];

  const createOpen = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/admin/competitions', {
      name,
      seasonId: season,
      startRound: 1,
      prizeModel: 'free',
      minEntries: 1,
      maxEntriesPerPlayer: 3,
      ...extra,
    });
    expect(res.status).toBe(201);
    const id: string = res.json.competition.id;
    expect((await admin.post(`/api/admin/competitions/${id}/open`)).status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    server = await startTestServer('postgres', { seed: true, now: '2024-08-10T12:00:00Z' });
    season = await seasonId(server);
    admin = server.client();
    await admin.signIn('admin@redlion.test', DEMO_PASSWORD);
    player = server.client();
    await player.signIn('player1@redlion.test', DEMO_PASSWORD);
  });
  afterAll(() => server?.close());

  it('concurrent duplicate picks for one entry and round leave exactly one pick', async () => {
    const comp = await createOpen('Race');
    const entry = (await player.post(`/api/competitions/${comp}/entries`)).json.id;
    round1 = (await player.get(`/api/competitions/${comp}/rounds/1/fixtures`)).json.fixtures;
    const names = [
      'Arsenal',
      'Liverpool',
      'Chelsea',
      'Everton',
      'Brentford',
      'Fulham',
      'Newcastle',
      'Brighton',
    ];
    const results = await Promise.all(
      [...names, ...names].map((n) =>
        put(player, server.baseUrl, `/api/entries/${entry}/picks/1`, { teamId: teamIn(round1, n) }),
      ),
    );
    expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true);
    const rows = await server.db.select().from(picks).where(eq(picks.entryId, entry));
    expect(rows).toHaveLength(1);

    // Concurrent entries cannot overrun the allowance either.
    const entries = await Promise.all(
      [1, 2, 3, 4, 5].map(() => player.post(`/api/competitions/${comp}/entries`)),
    );
    expect(entries.filter((r) => r.status === 201)).toHaveLength(2);
    expect(entries.filter((r) => r.json?.error?.code === 'ENTRY_LIMIT_REACHED')).toHaveLength(3);
  });

  it('two settlement workers in separate processes settle each round exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await createOpen(`Workers ${i}`);
      ids.push(id);
      const entry = (await player.post(`/api/competitions/${id}/entries`)).json.id;
      await put(player, server.baseUrl, `/api/entries/${entry}/picks/1`, {
        teamId: teamIn(round1, 'Arsenal'),
      });
    }
    const url = server.config.DATABASE_URL;
    if (!url) throw new Error('no DATABASE_URL');
    const a = openDatabase({ databaseUrl: url });
    const b = openDatabase({ databaseUrl: url });
    try {
      server.clock.set('2024-08-20T12:00:00Z');
      const passes = await Promise.all([
        runSettlementPass(a.db, server.clock),
        runSettlementPass(b.db, server.clock),
        runSettlementPass(a.db, server.clock),
      ]);
      for (const id of ids) {
        const rows = await server.db
          .select()
          .from(roundSettlements)
          .where(and(eq(roundSettlements.competitionId, id), eq(roundSettlements.round, 1)));
        expect(rows).toHaveLength(1);
        // A single entry wins after the first played round.
        expect((await player.get(`/api/competitions/${id}`)).json.competition.status).toBe('finished');
      }
      const settled = passes.reduce((n, p) => n + p.settledRounds, 0);
      expect(settled).toBeGreaterThanOrEqual(ids.length);
      // A restart (a fresh pass) finds nothing left to do for them.
      const after = await runSettlementPass(b.db, server.clock);
      expect(after.settledRounds).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a player of another club can neither see nor pick nor correct', async () => {
    server.clock.set('2024-08-10T12:00:00Z');
    const comp = await createOpen('Home club only');
    const entry = (await player.post(`/api/competitions/${comp}/entries`)).json.id;
    await server.db
      .insert(clubs)
      .values({ slug: 'kings-arms', name: 'The Kings Arms', joinCode: newJoinCode() });
    const other = server.client();
    await other.prime();
    const signUp = await other.post('/api/auth/sign-up/email', {
      name: 'Outsider',
      email: 'outsider@example.com',
      password: 'club-member-pass',
      dateOfBirth: '1980-03-03',
      clubSlug: 'kings-arms',
    });
    expect(signUp.status).toBe(200);
    const list = await other.get('/api/competitions');
    expect(list.json.competitions).toEqual([]);
    expect((await other.get(`/api/competitions/${comp}`)).status).toBe(404);
    expect((await other.get(`/api/competitions/${comp}/rounds/1/fixtures`)).status).toBe(404);
    expect((await other.get(`/api/competitions/${comp}/rounds/1/picks`)).status).toBe(404);
    expect((await other.post(`/api/competitions/${comp}/entries`)).status).toBe(404);
    const pick = await put(other, server.baseUrl, `/api/entries/${entry}/picks/1`, {
      teamId: teamIn(round1, 'Arsenal'),
    });
    expect(pick.status).toBe(404);

    // Made admin of their own club, their correction stays in their club.
    await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, 'outsider@example.com'));
    const arsenal = round1.find((f: Json) => f.home.name === 'Arsenal FC');
    server.clock.set('2024-08-18T12:00:00Z');
    const corrected = await put(other, server.baseUrl, `/api/admin/fixtures/${arsenal.id}/result`, {
      home: 0,
      away: 5,
      status: 'finished',
    });
    expect(corrected.status).toBe(200);
    const ours = await player.get(`/api/seasons/${season}/rounds/1`);
    expect(ours.json.fixtures.find((f: Json) => f.id === arsenal.id)).toMatchObject({
      homeScore: 2,
      awayScore: 0,
      corrected: false,
    });
  });

  it('a competition with too few entries when its first round locks is cancelled', async () => {
    server.clock.set('2024-08-10T12:00:00Z');
    const comp = await createOpen('Too small', { minEntries: 2 });
    await player.post(`/api/competitions/${comp}/entries`);
    server.clock.set(new Date(Date.parse(ROUND1_DEADLINE) + 1000));
    await runSettlementPass(server.db, server.clock);
    expect((await player.get(`/api/competitions/${comp}`)).json.competition.status).toBe('cancelled');
  });
});
