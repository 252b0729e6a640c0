import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, notifications, user } from '../../src/db/schema/index.ts';
import type { CompetitionRow } from '../../src/domains/game/competitions/queries.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, DEFAULT_RULES, signedIn, someEntries, somePicks } from '../support/world.ts';

/**
 * The results message of a settled round agrees with lives and rollovers, on 2024-25
 * round 1 (Arsenal beat Wolves; Chelsea lost to Manchester City; Everton lost to Brighton): a lost
 * pick that cost a life says so, a lost pick never "came through", a player with no pick in a round
 * that rolled over is not told "Your pick came through", and a player with two entries gets one
 * message naming each entry's fate.
 */
describe.each(backends())('round results messages on %s', (backend) => {
  let server: TestServer;
  const uid: Record<string, string> = {};
  const players: HttpClient[] = [];
  /** One life: player 1 has two entries (Arsenal through, Chelsea lost a life); player 2 Everton, a life lost. */
  let lives: CompetitionRow;
  /** No lives, all out rolls over: player 3 Chelsea, player 4 no pick; both back in. */
  let rollover: CompetitionRow;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const emails = [1, 2, 3, 4].map((n) => `player${n}@redlion.test`);
    for (const email of emails) players.push(await signedIn(server, email));
    for (const u of await server.db.select().from(user).where(inArray(user.email, emails))) {
      uid[u.email.slice(0, 7)] = u.id;
    }
    const base = {
      startRound: 1,
      prizeModel: 'free' as const,
      entryFeePence: 0,
      houseSharePercent: 0,
      prizePence: 1000,
      status: 'running' as const,
    };
    lives = await aCompetition(server, {
      ...base,
      name: 'One life cup',
      rules: { ...DEFAULT_RULES, lives: 1 },
    });
    rollover = await aCompetition(server, { ...base, name: 'Rollover cup' });
    const round1 = (await players[0]?.get(`/api/competitions/${lives.id}/rounds/1/fixtures`))?.json.fixtures;
    const team = (name: string) => teamIn(round1, name);
    const [first, second] = await someEntries(server, {
      competition: lives,
      userId: uid.player1 as string,
      count: 2,
    });
    const [everton] = await someEntries(server, { competition: lives, userId: uid.player2 as string });
    await somePicks(server, lives, [
      { entry: { id: first?.id as string }, round: 1, teamId: team('Arsenal') },
      { entry: { id: second?.id as string }, round: 1, teamId: team('Chelsea') },
      { entry: { id: everton?.id as string }, round: 1, teamId: team('Everton') },
    ]);
    // A running competition's entries start with its lives (the first lock gives them).
    await server.db.update(entries).set({ livesLeft: 1 }).where(eq(entries.competitionId, lives.id));
    const [chelsea] = await someEntries(server, { competition: rollover, userId: uid.player3 as string });
    await someEntries(server, { competition: rollover, userId: uid.player4 as string });
    await somePicks(server, rollover, [
      { entry: { id: chelsea?.id as string }, round: 1, teamId: team('Chelsea') },
    ]);

    server.clock.set('2024-08-21T12:00:00Z');
    await runSettlementPass(server);
  });
  afterAll(() => server?.close());

  const told = async (who: string, comp: CompetitionRow) =>
    (
      await server.db
        .select({ body: notifications.body })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, uid[who] as string),
            like(notifications.title, `${comp.name}: round 1 results`),
          ),
        )
    ).map((r) => r.body);

  it('a lost pick that cost a life says so, and never "came through"', async () => {
    const [body, ...more] = await told('player2', lives);
    expect(more).toEqual([]);
    expect(body).toMatch(/^Everton[\w ]* did not win: lost a life, still in \(No lives left\)\.$/);
    expect(body).not.toMatch(/came through|out/);
  });

  it('two entries: one message naming each entry, as the card numbers them', async () => {
    const bodies = await told('player1', lives);
    expect(bodies).toHaveLength(1);
    // The card's order (Entry 1, Entry 2) and its facts: the Chelsea entry still in, its life lost.
    const mine = (await players[0]?.get(`/api/competitions/${lives.id}`))?.json.myEntries as Json[];
    const fates = mine.map((e, i) => {
      const team = e.picks[0].teamName as string;
      if (team.startsWith('Arsenal')) {
        expect([e.status, e.livesLeft, e.livesLostRounds]).toEqual(['active', 1, []]);
        return `Entry ${i + 1}: ${team} came through: still in.`;
      }
      expect([e.status, e.livesLeft, e.livesLostRounds]).toEqual(['active', 0, [1]]);
      return `Entry ${i + 1}: ${team} did not win: lost a life, still in (No lives left).`;
    });
    expect(bodies[0]).toBe(fates.join(' '));
  });

  it('a rolled-over round: no "came through" for a lost pick or a pick never made', async () => {
    const [chelsea] = await told('player3', rollover);
    expect(chelsea).toMatch(
      /^Chelsea[\w ]* did not win: everyone left went out, so all are back in \(rollover\)\.$/,
    );
    const [none, ...more] = await told('player4', rollover);
    expect(more).toEqual([]);
    expect(none).toBe('No pick: everyone left went out, so all are back in (rollover).');
  });
});
