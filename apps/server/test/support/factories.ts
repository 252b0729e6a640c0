import type { Role } from '@lastman/api';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { seasons } from '../../src/db/schema/football.ts';
import { type CompetitionRules, competitions, entries, picks } from '../../src/db/schema/game.ts';
import { clubs, teams, user } from '../../src/db/schema/index.ts';
import { newJoinCode } from '../../src/features/clubs/service.ts';
import type { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

// The one place tests write rows straight into the database: each test asks for what it needs
// (`aCompetition`, `aMember({ club, role })`) and the factories fill in the rest.

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
  server: TestServer,
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
export async function demoClub(server: TestServer): Promise<ClubRow> {
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
  const [row] = await server.db.update(user).set({ role }).where(eq(user.email, email)).returning();
  if (!row) throw new Error('the new member is missing');
  return { client, userId: row.id };
}

/** A person who exists only as a row (never signs in): a player for settlement tests. */
export async function aUser(
  server: TestServer,
  { club, email, name = 'Row Player' }: { club: ClubRow | { id: string }; email: string; name?: string },
): Promise<string> {
  const id = crypto.randomUUID();
  await server.db.insert(user).values({ id, name, email, clubId: club.id });
  return id;
}

export async function setRole(server: TestServer, { email, role }: { email: string; role: Role }) {
  await server.db.update(user).set({ role }).where(eq(user.email, email));
}

export async function setDateOfBirth(server: TestServer, email: string, dateOfBirth: string) {
  await server.db.update(user).set({ dateOfBirth }).where(eq(user.email, email));
}

/**
 * A competition, open and paid on the demo club's 2024-25 season unless told otherwise; any
 * column can be given.
 */
export async function aCompetition(
  server: TestServer,
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
  server: TestServer,
  { competition, status }: { competition: { id: string }; status: CompetitionRow['status'] },
) {
  await server.db.update(competitions).set({ status }).where(eq(competitions.id, competition.id));
}

/** Active entries of one player in a competition (`count` of them, one by default). */
export async function someEntries(
  server: TestServer,
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
  server: TestServer,
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
export async function aTeam(server: TestServer, values: typeof teams.$inferInsert) {
  const [row] = await server.db.insert(teams).values(values).returning();
  if (!row) throw new Error('team insert returned nothing');
  return row;
}
