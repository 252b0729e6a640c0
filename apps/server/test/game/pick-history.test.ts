import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { threePlayerCup } from '../support/world.ts';

/**
 * A player's pick history, tapped from the standings. A free competition from round 1 of 2024-25:
 * Pat picks Arsenal (won 2-0) then Manchester City (won), Jo Liverpool (won) then Everton (lost),
 * Chris Chelsea (lost). A round's picks show only once its deadline has passed.
 */
describe.each(backends())('pick history on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let otherAdmin: HttpClient;
  const players: HttpClient[] = [];
  const entry: string[] = [];
  let compId: string;
  const history = (i: number, c: HttpClient = players[1] as HttpClient) =>
    c.get(`/api/competitions/${compId}/entries/${entry[i]}/picks`);
  const summary = (picks: Json[]) =>
    picks.map((p) => `${p.round} ${p.teamName.replace(/ A?FC$/, '')} ${p.outcome}`);

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const cup = await threePlayerCup(server, { name: 'History Cup' });
    ({ admin, otherAdmin, compId } = cup);
    players.push(...cup.players);
    entry.push(...cup.entry);
  });
  afterAll(() => server?.close());

  it('shows no pick before its round deadline, to anyone', async () => {
    for (const c of [players[1], players[0], admin] as HttpClient[]) {
      const res = await history(0, c);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ entryId: entry[0], playerName: 'Pat Player', status: 'active' });
      expect(res.json.picks).toEqual([]);
    }
    expect((await history(0, players[0])).json.mine).toBe(true);
    expect((await history(0, players[1])).json.mine).toBe(false);
  });

  it('lists each round once its deadline has passed, with the team and whether it survived', async () => {
    server.clock.set('2024-08-20T12:00:00Z');
    await runSettlementPass(server);
    // Round 2's picks (Manchester City, Everton) are made but its deadline has not passed.
    expect(summary((await history(0)).json.picks)).toEqual(['1 Arsenal survived']);
    expect(summary((await history(1, players[2] as HttpClient)).json.picks)).toEqual([
      '1 Liverpool survived',
    ]);
    const chris = (await history(2)).json;
    expect(chris).toMatchObject({ status: 'eliminated', eliminatedRound: 1 });
    expect(summary(chris.picks)).toEqual(['1 Chelsea eliminated']);

    server.clock.set('2024-08-27T12:00:00Z');
    await runSettlementPass(server);
    expect(summary((await history(0)).json.picks)).toEqual([
      '1 Arsenal survived',
      '2 Manchester City survived',
    ]);
    expect(summary((await history(1)).json.picks)).toEqual(['1 Liverpool survived', '2 Everton eliminated']);
  });

  it('another club sees nothing, and an entry of another competition or none at all is not found', async () => {
    const other = await history(0, otherAdmin);
    expect(other.status).toBe(404);
    expect(other.text).not.toContain('Arsenal');
    expect(other.text).not.toContain('Pat');
    const wrong = await (players[1] as HttpClient).get(
      `/api/competitions/${compId}/entries/00000000-0000-4000-8000-000000000000/picks`,
    );
    expect(wrong.status).toBe(404);
    expect(wrong.json.error.message).toMatch(/entry/i);
    const badId = await (players[1] as HttpClient).get(`/api/competitions/${compId}/entries/nope/picks`);
    expect(badId.status).toBe(400);
  });
});
