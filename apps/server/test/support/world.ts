import type { Role } from '@lastman/api';
import type { FixtureStatus } from '@lastman/game';
import { and, eq } from 'drizzle-orm';
import {
  type CompetitionRules,
  clubs,
  competitions,
  entries,
  fixtures,
  memberships,
  orders,
  paymentIssues,
  picks,
  seasons,
  session,
  teams,
  user,
  verification,
} from '../../src/db/schema/index.ts';
import { newJoinCode } from '../../src/domains/club/service.ts';
import { DEMO_PASSWORD as SEEDED_PASSWORD } from '../../src/seed/demo.ts';
import type { HttpClient, Json } from './http-client.ts';
import type { TestServer } from './test-server.ts';
import {
  createCompetition,
  DEMO_PASSWORD,
  enter,
  type NewPerson,
  openForEntries,
  pick,
  roundFixtures,
  signIn,
  signUp,
  teamIn,
} from './world-api.ts';

/*
 * The one module server tests build state with. Start a server (`startTestServer`, with `seed: true`
 * for the demo club, The Red Lion, and its members), then ask for what the test needs by name:
 * `signedIn(server, 'admin@redlion.test')`, `aClub(server)`, `aMember(server, { club, role, email })`,
 * `aCompetition(server, { status: 'running' })`, `someEntries(server, { competition, userId })`,
 * `threePlayerCup(server, …)`, or all of them bound to one server with `world(server)`. Builders go
 * through the real HTTP API (world-api.ts, which the browser tests share) wherever the API can do it;
 * the rest write rows directly, each saying why (no API makes a club, a result, an expired link or a
 * row in the past). Direct-row builders take anything with a `db`, so a test's own database works too.
 */

export type { HttpClient, Json } from './http-client.ts';
export type { TestServer } from './test-server.ts';
export * from './world-api.ts';

// world-api.ts keeps its own copy (the browser tests load it without the server's source): the two agree.
if (SEEDED_PASSWORD !== DEMO_PASSWORD) throw new Error('world-api.ts DEMO_PASSWORD is not the seed’s');

/** What a factory that only writes rows needs: a test server, or a database of a test's own. */
type WithDb = Pick<TestServer, 'db'>;

type ClubRow = typeof clubs.$inferSelect;
type CompetitionRow = typeof competitions.$inferSelect;
type EntryRow = typeof entries.$inferSelect;

export const DEFAULT_RULES: CompetitionRules = {
  draw: 'eliminate',
  reuse: 'never',
  missedPick: 'eliminate',
  postponed: 'survive',
  allOut: 'rollover',
};

/** A club of its own (The Kings Arms unless named otherwise); by row: no club API makes a club. */
export async function aClub(
  server: WithDb,
  values: Partial<typeof clubs.$inferInsert> = {},
): Promise<ClubRow> {
  const [row] = await server.db
    .insert(clubs)
    .values({ slug: 'kings-arms', name: 'The Kings Arms', joinCode: newJoinCode(), ...values })
    .returning();
  if (!row) throw new Error('club insert returned nothing');
  return row;
}

/** The seeded demo club, The Red Lion. */
export async function demoClub(server: WithDb): Promise<ClubRow> {
  const [club] = await server.db.select().from(clubs).where(eq(clubs.slug, 'red-lion'));
  if (!club) throw new Error('seed the demo club first');
  return club;
}

/** A seeded person's club and user ids, by their email ('admin@redlion.test'). */
export async function seededMember(
  server: WithDb,
  email: string,
): Promise<{ clubId: string; userId: string }> {
  const [row] = await server.db
    .select({ clubId: memberships.clubId, userId: memberships.userId })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(eq(user.email, email));
  if (!row) throw new Error(`no seeded member ${email}: seed the demo club first`);
  return row;
}

/**
 * A member of a club with a role, signed up through the real sign-up (so they can sign in) and
 * returned with a client signed in as them.
 */
export async function aMember(
  server: TestServer,
  {
    club,
    role = 'player',
    email,
    name = 'Club Member',
    dateOfBirth = '1980-03-03',
  }: { club: ClubRow; role?: Role; email: string; name?: string; dateOfBirth?: string },
): Promise<{ client: HttpClient; userId: string }> {
  const client = server.client();
  await client.prime();
  await signUp(client, { name, email, password: 'club-member-pass', dateOfBirth, clubSlug: club.slug });
  // The role by row: a club made by `aClub` has no admin yet to give it through the API.
  const [row] = await server.db.select().from(user).where(eq(user.email, email));
  if (!row) throw new Error('the new member is missing');
  await server.db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.userId, row.id), eq(memberships.clubId, club.id)));
  return { client, userId: row.id };
}

/** The person's email address confirmed, as the link in their welcome email would (by row). */
export async function confirmEmail(server: WithDb, email: string): Promise<void> {
  await server.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
}

/** A person who exists only as a row (never signs in): a player for settlement tests. */
export async function aUser(
  server: WithDb,
  { club, email, name = 'Row Player' }: { club: ClubRow | { id: string }; email: string; name?: string },
): Promise<string> {
  const id = crypto.randomUUID();
  await server.db.insert(user).values({ id, name, email, lastClubId: club.id });
  await server.db.insert(memberships).values({ clubId: club.id, userId: id });
  return id;
}

/** The person's role in every club they belong to (most tests' people belong to one). */
export async function setRole(server: WithDb, { email, role }: { email: string; role: Role }) {
  const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  await server.db.update(memberships).set({ role }).where(eq(memberships.userId, row.id));
}

export async function setDateOfBirth(server: WithDb, email: string, dateOfBirth: string) {
  await server.db.update(user).set({ dateOfBirth }).where(eq(user.email, email));
}

/**
 * A competition, open and paid on the demo club's 2024-25 season unless told otherwise; any
 * column can be given. By row: the API reaches a status only through its steps, and takes a paid
 * competition only from a club with payments set up (`threePlayerCup` shows the API way).
 */
export async function aCompetition(
  server: WithDb,
  values: Partial<typeof competitions.$inferInsert> = {},
): Promise<CompetitionRow> {
  const clubId = values.clubId ?? (await demoClub(server)).id;
  const seasonId = values.seasonId ?? (await demoSeason(server)).id;
  const [row] = await server.db
    .insert(competitions)
    .values({
      name: 'Paid test competition',
      status: 'open',
      prizeModel: 'pool',
      entryFeePence: 500,
      maxEntriesPerPlayer: 3,
      houseSharePercent: 10,
      startRound: 20,
      rules: DEFAULT_RULES,
      ...values,
      clubId,
      seasonId,
    })
    .returning();
  if (!row) throw new Error('competition insert returned nothing');
  return row;
}

export async function setCompetitionStatus(
  server: WithDb,
  { competition, status }: { competition: { id: string }; status: CompetitionRow['status'] },
) {
  await server.db.update(competitions).set({ status }).where(eq(competitions.id, competition.id));
}

/** Active entries of one player in a competition (`count` of them, one by default); by row: a paid entry needs a paid order. */
export async function someEntries(
  server: WithDb,
  { competition, userId, count = 1 }: { competition: CompetitionRow; userId: string; count?: number },
): Promise<EntryRow[]> {
  return server.db
    .insert(entries)
    .values(
      Array.from({ length: count }, () => ({
        clubId: competition.clubId,
        competitionId: competition.id,
        userId,
        status: 'active' as const,
        // As the first round's lock leaves them: a running competition's entries hold its lives.
        livesLeft: competition.status === 'open' ? 0 : (competition.rules.lives ?? 0),
      })),
    )
    .returning();
}

/** Picks already made, each `{ entry, round, teamId }`. */
export async function somePicks(
  server: WithDb,
  competition: CompetitionRow,
  made: { entry: { id: string }; round: number; teamId: string }[],
) {
  if (made.length === 0) return;
  await server.db.insert(picks).values(
    made.map(({ entry, round, teamId }) => ({
      clubId: competition.clubId,
      competitionId: competition.id,
      entryId: entry.id,
      round,
      teamId,
    })),
  );
}

/** A team of no season: it plays in no round. */
export async function aTeam(server: WithDb, values: typeof teams.$inferInsert) {
  const [row] = await server.db.insert(teams).values(values).returning();
  if (!row) throw new Error('team insert returned nothing');
  return row;
}

/** A match's result as the importer would store it: a final score, or none yet (`scheduled`). */
export async function aResult(
  server: WithDb,
  {
    fixtureId,
    status,
    home = null,
    away = null,
  }: { fixtureId: string; status: FixtureStatus; home?: number | null; away?: number | null },
) {
  await server.db
    .update(fixtures)
    .set({ status, homeScore: home, awayScore: away })
    .where(eq(fixtures.id, fixtureId));
}

/** The person's email address confirmed, or not (as a fresh sign-up's is). */
export async function setEmailVerified(
  server: WithDb,
  { email, verified }: { email: string; verified: boolean },
) {
  await server.db.update(user).set({ emailVerified: verified }).where(eq(user.email, email));
}

/** A verification (a reset link, an email confirmation) whose time ran out a minute ago. */
export async function expireVerification(server: WithDb, { identifier }: { identifier: string }) {
  await server.db
    .update(verification)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(verification.identifier, identifier));
}

/** Every session of the person ends at `expiresAt`, as if it had been made earlier. */
export async function setSessionExpiry(
  server: WithDb,
  { userId, expiresAt }: { userId: string; expiresAt: Date },
) {
  await server.db.update(session).set({ expiresAt }).where(eq(session.userId, userId));
}

/** Every session of the person revoked, as signing out everywhere does. */
export async function revokeSessions(server: WithDb, { userId }: { userId: string }) {
  await server.db.delete(session).where(eq(session.userId, userId));
}

/** A payment issue for the club's admin (a dispute unless told otherwise). */
export async function aPaymentIssue(
  server: WithDb,
  values: Pick<typeof paymentIssues.$inferInsert, 'clubId' | 'detail'> &
    Partial<typeof paymentIssues.$inferInsert>,
) {
  const [row] = await server.db
    .insert(paymentIssues)
    .values({ kind: 'dispute', ...values })
    .returning();
  if (!row) throw new Error('payment issue insert returned nothing');
  return row;
}

/** An unpaid order of one entry at the competition's fee, on the test provider; any column can be given. */
export async function anOrder(
  server: WithDb,
  {
    competition,
    userId,
    ...values
  }: { competition: CompetitionRow; userId: string } & Partial<typeof orders.$inferInsert>,
) {
  const [row] = await server.db
    .insert(orders)
    .values({
      clubId: competition.clubId,
      userId,
      competitionId: competition.id,
      entryCount: 1,
      unitPricePence: competition.entryFeePence,
      amountPence: competition.entryFeePence,
      currency: 'gbp',
      status: 'pending',
      provider: 'test',
      expiresAt: new Date(Date.now() + 15 * 60_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

/** A new person through the real sign-up (to the server's default club unless told), and a client signed in as them. */
export async function signedUp(server: TestServer, person: NewPerson): Promise<HttpClient> {
  const c = server.client();
  await c.prime();
  await signUp(c, person);
  return c;
}

/** A client signed in as one of the seeded demo members (admin@redlion.test, player1@redlion.test…). */
export async function signedIn(server: TestServer, email: string): Promise<HttpClient> {
  const c = server.client();
  await c.prime();
  await signIn(c, email, DEMO_PASSWORD);
  return c;
}

/** A second club, The Kings Arms, and a client signed up to it and made its admin. */
export async function otherClubAdmin(server: TestServer, name: string, email: string): Promise<HttpClient> {
  const club = await aClub(server);
  return (await aMember(server, { club, role: 'admin', name, email })).client;
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
 * with `seed: true` at 2024-08-10, all through the API. Round 1: Pat Arsenal (won 2-0), Jo Liverpool
 * (won), Chris Chelsea (lost). Round 2: Pat Manchester City (won), Jo Everton (lost). Nothing is
 * settled yet.
 */
export async function threePlayerCup(
  server: TestServer,
  competition: { name: string; prizePence?: number },
): Promise<ThreePlayerCup> {
  const admin = await signedIn(server, 'admin@redlion.test');
  const players: HttpClient[] = [];
  for (const n of [1, 2, 3]) players.push(await signedIn(server, `player${n}@redlion.test`));
  const otherAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
  const compId = await createCompetition(admin, {
    ...competition,
    seasonId: (await demoSeason(server)).id,
    startRound: 1,
    prizeModel: 'free',
  });
  await openForEntries(admin, compId);
  const entry: string[] = [];
  for (const c of players) entry.push(await enter(c, compId));
  const first = players[0] as HttpClient;
  const round1 = await roundFixtures(first, compId, 1);
  const round2 = await roundFixtures(first, compId, 2);
  const picked = (i: number, round: number, fixtures: Json[], team: string) =>
    pick(players[i] as HttpClient, entry[i] as string, round, teamIn(fixtures, team));
  await picked(0, 1, round1, 'Arsenal');
  await picked(1, 1, round1, 'Liverpool');
  await picked(2, 1, round1, 'Chelsea');
  await picked(0, 2, round2, 'Manchester City');
  await picked(1, 2, round2, 'Everton');
  return { admin, otherAdmin, players, entry, compId, round1, round2 };
}

/** A season the demo seed imported (2024-25 unless named otherwise). */
export async function demoSeason(server: WithDb, key = 'premier-league-2024-25') {
  const [season] = await server.db.select().from(seasons).where(eq(seasons.key, key));
  if (!season) throw new Error(`season ${key} is not imported`);
  return season;
}

/**
 * Every builder bound to one server: `const w = world(server); const club = await w.club();
 * const { client } = await w.member({ club, email });`.
 */
export function world(server: TestServer) {
  return {
    server,
    club: (values?: Parameters<typeof aClub>[1]) => aClub(server, values),
    demoClub: () => demoClub(server),
    demoSeason: (key?: string) => demoSeason(server, key),
    member: (o: Parameters<typeof aMember>[1]) => aMember(server, o),
    rowUser: (o: Parameters<typeof aUser>[1]) => aUser(server, o),
    signedIn: (email: string) => signedIn(server, email),
    signedUp: (person: NewPerson) => signedUp(server, person),
    otherClubAdmin: (name: string, email: string) => otherClubAdmin(server, name, email),
    staff: async (o: Omit<Parameters<typeof aMember>[1], 'role'>) => aMember(server, { ...o, role: 'staff' }),
    competition: (values?: Parameters<typeof aCompetition>[1]) => aCompetition(server, values),
    running: (values?: Parameters<typeof aCompetition>[1]) =>
      aCompetition(server, { ...values, status: 'running' }),
    entries: (o: Parameters<typeof someEntries>[1]) => someEntries(server, o),
    picks: (competition: CompetitionRow, made: Parameters<typeof somePicks>[2]) =>
      somePicks(server, competition, made),
    order: (o: Parameters<typeof anOrder>[1]) => anOrder(server, o),
    result: (o: Parameters<typeof aResult>[1]) => aResult(server, o),
    threePlayerCup: (c: Parameters<typeof threePlayerCup>[1]) => threePlayerCup(server, c),
  };
}
