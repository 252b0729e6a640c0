import type { Role } from '@lastman/api';
import type { FixtureStatus } from '@lastman/game';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
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
import type { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

// The one place tests write rows straight into the database: each test asks for what it needs
// (`aCompetition`, `aMember({ club, role })`) and the factories fill in the rest.

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

/** A club of its own (The Kings Arms unless named otherwise). */
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
  const signUp = await client.post('/api/auth/sign-up/email', {
    name,
    email,
    password: 'club-member-pass',
    dateOfBirth,
    clubSlug: club.slug,
  });
  expect(signUp.status).toBe(200);
  const [row] = await server.db.select().from(user).where(eq(user.email, email));
  if (!row) throw new Error('the new member is missing');
  await server.db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.userId, row.id), eq(memberships.clubId, club.id)));
  return { client, userId: row.id };
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
 * column can be given.
 */
export async function aCompetition(
  server: WithDb,
  values: Partial<typeof competitions.$inferInsert> = {},
): Promise<CompetitionRow> {
  const clubId = values.clubId ?? (await demoClub(server)).id;
  let seasonId = values.seasonId;
  if (!seasonId) {
    const [season] = await server.db.select().from(seasons).where(eq(seasons.key, 'premier-league-2024-25'));
    if (!season) throw new Error('seed the 2024-25 season first');
    seasonId = season.id;
  }
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

/** Active entries of one player in a competition (`count` of them, one by default). */
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
