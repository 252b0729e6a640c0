import type { competitions } from '../../src/db/schema/index.ts';
import { put, seasonId, teamIn } from '../game-helpers.ts';
import { aCompetition } from './factories.ts';
import type { HttpClient, Json } from './http-client.ts';
import { otherClubAdmin, signedIn } from './members.ts';
import type { TestServer } from './test-server.ts';

export { setDateOfBirth } from './factories.ts';

/** An open paid competition of the demo club on the seeded 2024-25 season. */
export async function openCompetition(
  server: TestServer,
  values: Partial<typeof competitions.$inferInsert> = {},
): Promise<typeof competitions.$inferSelect> {
  return aCompetition(server, values);
}

/** The three-player cup several tests share, as the demo club's admin set it up and the players picked. */
export interface ThreePlayerCup {
  admin: HttpClient;
  otherAdmin: HttpClient;
  /** Pat, Jo and Chris, in the order of `entry`. */
  players: HttpClient[];
  entry: string[];
  compId: string;
  round1: Json[];
  round2: Json[];
}

/**
 * A free competition of the demo club from round 1 of 2024-25 with three players, on a server started
 * with `seed: true` at 2024-08-10. Round 1: Pat Arsenal (won 2-0), Jo Liverpool (won), Chris Chelsea
 * (lost). Round 2: Pat Manchester City (won), Jo Everton (lost). Nothing is settled yet.
 */
export async function threePlayerCup(
  server: TestServer,
  competition: { name: string; prizePence?: number },
): Promise<ThreePlayerCup> {
  const admin = await signedIn(server, 'admin@redlion.test');
  const players: HttpClient[] = [];
  for (const n of [1, 2, 3]) players.push(await signedIn(server, `player${n}@redlion.test`));
  const otherAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
  const created = await admin.post('/api/admin/competitions', {
    ...competition,
    seasonId: await seasonId(server),
    startRound: 1,
    prizeModel: 'free',
  });
  const compId: string = created.json.competition.id;
  await admin.post(`/api/admin/competitions/${compId}/open`);
  const entry: string[] = [];
  for (const c of players) entry.push((await c.post(`/api/competitions/${compId}/entries`)).json.id);
  const fixturesOf = async (round: number): Promise<Json[]> =>
    (await (players[0] as HttpClient).get(`/api/competitions/${compId}/rounds/${round}/fixtures`)).json
      .fixtures;
  const round1 = await fixturesOf(1);
  const round2 = await fixturesOf(2);
  const pick = async (i: number, round: number, fixtures: Json[], team: string) => {
    const res = await put(
      players[i] as HttpClient,
      server.baseUrl,
      `/api/entries/${entry[i]}/picks/${round}`,
      {
        teamId: teamIn(fixtures, team),
      },
    );
    if (res.status !== 200) throw new Error(`pick ${team} in round ${round}: ${res.status} ${res.text}`);
  };
  await pick(0, 1, round1, 'Arsenal');
  await pick(1, 1, round1, 'Liverpool');
  await pick(2, 1, round1, 'Chelsea');
  await pick(0, 2, round2, 'Manchester City');
  await pick(1, 2, round2, 'Everton');
  return { admin, otherAdmin, players, entry, compId, round1, round2 };
}
