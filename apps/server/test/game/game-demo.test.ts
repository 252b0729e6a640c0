import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { signedIn } from '../support/world.ts';

describe('the live demo season', () => {
  let server: TestServer;
  let player: HttpClient;
  const now = new Date();

  beforeAll(async () => {
    server = await startTestServer('pglite', { seed: true, now: now.toISOString() });
    player = await signedIn(server, 'player1@redlion.test');
  });
  afterAll(() => server?.close());

  let next = 0;

  it('is clearly labelled and falls just before one of its rounds', async () => {
    const seasons = (await player.get('/api/seasons')).json.seasons;
    const demo = seasons.find((s: Json) => s.demo);
    expect(demo.name).toMatch(/^Demo season/);
    next = demo.currentRound;
    expect([5, 6, 7, 8]).toContain(next);
    const r6 = demo.rounds.find((r: Json) => r.round === next);
    const lead = Date.parse(r6.firstKickoff) - now.getTime();
    expect(lead).toBeGreaterThan(0);
    expect(lead).toBeLessThanOrEqual(8 * 86_400_000);
    const round5 = (await player.get(`/api/seasons/${demo.id}/rounds/${next - 1}`)).json.fixtures;
    expect(round5.every((f: Json) => f.status === 'finished' && f.homeScore !== null)).toBe(true);
    const round6 = (await player.get(`/api/seasons/${demo.id}/rounds/${next}`)).json.fixtures;
    expect(round6.every((f: Json) => f.status === 'scheduled' && f.homeScore === null)).toBe(true);
  });

  it('has a running competition a few rounds in, an open free one to join and an open paid one', async () => {
    const list = (await player.get('/api/competitions')).json.competitions;
    const running = list.find((c: Json) => c.status === 'running');
    const open = list.find((c: Json) => c.status === 'open' && c.prizeModel === 'free');
    const paid = list.find((c: Json) => c.status === 'open' && c.prizeModel === 'pool');
    // Three paid entries of £5, less the club's 10%.
    expect(paid).toMatchObject({ entryFeePence: 500, potPence: 1350, entriesTotal: 3 });
    expect(running).toMatchObject({ currentRound: next, potPence: 5000, entriesTotal: 7 });
    expect(running.entriesRemaining).toBeGreaterThan(1);
    expect(running.entriesRemaining).toBeLessThan(7);
    expect(Date.parse(running.deadline)).toBeGreaterThan(now.getTime());
    const detail = (await player.get(`/api/competitions/${running.id}`)).json;
    expect(detail.rounds.slice(0, next - 1).every((r: Json) => r.state === 'settled')).toBe(true);
    expect(detail.standings.some((s: Json) => s.status === 'eliminated')).toBe(true);
    expect(detail.myEntries[0].picks.length).toBeGreaterThanOrEqual(next - 1);

    const newcomer = await signedIn(server, 'player5@redlion.test');
    expect((await newcomer.post(`/api/competitions/${open.id}/entries`)).status).toBe(201);
  });

  it('reveals each result once its re-dated match has ended, and the round settles', async () => {
    const demo = (await player.get('/api/seasons')).json.seasons.find((s: Json) => s.demo);
    const r6 = demo.rounds.find((r: Json) => r.round === next);
    server.clock.set(new Date(Date.parse(r6.firstKickoff) + 30 * 60_000));
    await runSettlementPass(server);
    const live = (await player.get(`/api/seasons/${demo.id}/rounds/${next}`)).json.fixtures;
    expect(live[0]).toMatchObject({ status: 'live', homeScore: null });
    server.clock.set(new Date(Date.parse(r6.lastKickoff) + 3 * 3_600_000));
    await runSettlementPass(server);
    const done = (await player.get(`/api/seasons/${demo.id}/rounds/${next}`)).json.fixtures;
    expect(done.every((f: Json) => f.status === 'finished')).toBe(true);
    const running = (await player.get('/api/competitions')).json.competitions.find((c: Json) =>
      c.name.startsWith('Red Lion Last Man'),
    );
    expect(running.currentRound === next + 1 || running.status === 'finished').toBe(true);
  });
});
