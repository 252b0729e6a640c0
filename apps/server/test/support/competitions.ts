import { eq } from 'drizzle-orm';
import { seasons } from '../../src/db/schema/football.ts';
import { competitions } from '../../src/db/schema/game.ts';
import { clubs, user } from '../../src/db/schema/index.ts';
import type { TestServer } from './test-server.ts';

/** An open competition of the demo club on the seeded 2024-25 season, written straight to the database. */
export async function openCompetition(
  server: TestServer,
  values: Partial<typeof competitions.$inferInsert> = {},
): Promise<typeof competitions.$inferSelect> {
  const [club] = await server.db.select().from(clubs).where(eq(clubs.slug, 'red-lion'));
  const [season] = await server.db.select().from(seasons).where(eq(seasons.key, 'premier-league-2024-25'));
  if (!club || !season) throw new Error('seed the demo club first');
  const [row] = await server.db
    .insert(competitions)
    .values({
      clubId: club.id,
      seasonId: season.id,
      name: 'Paid test competition',
      status: 'open',
      prizeModel: 'pool',
      entryFeePence: 500,
      maxEntriesPerPlayer: 3,
      houseSharePercent: 10,
      startRound: 20,
      rules: {
        draw: 'eliminate',
        reuse: 'never',
        missedPick: 'eliminate',
        postponed: 'survive',
        allOut: 'rollover',
      },
      ...values,
    })
    .returning();
  if (!row) throw new Error('competition insert returned nothing');
  return row;
}

export async function setDateOfBirth(server: TestServer, email: string, dateOfBirth: string) {
  await server.db.update(user).set({ dateOfBirth }).where(eq(user.email, email));
}
