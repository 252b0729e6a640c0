import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Role } from '@lastman/api';
import { parseOpenfootballSeason } from '@lastman/game';
import type { Db } from '../db/client.ts';
import { account, memberships, user } from '../db/schema/index.ts';
import { findClubBySlug, insertClub } from '../domains/club/queries.ts';
import { newJoinCode } from '../domains/club/service.ts';
import { importSeason } from '../domains/game/football/importer.ts';
import { DEMO_CLUB_SLUG } from '../domains/game/live/demo-match-day.ts';
import type { Auth } from '../lib/auth.ts';
import { seedDemoGame } from './demo-game.ts';

export { DEMO_CLUB_SLUG } from '../domains/game/live/demo-match-day.ts';
export const DEMO_PASSWORD = 'lastman-demo';
export const DEMO_SEASON_FILE = 'premier-league-2024-25.json';
const footballDir = new URL('../../seed/football/', import.meta.url);

export const demoAccounts: { email: string; name: string; role: Role }[] = [
  { email: 'admin@redlion.test', name: 'Alex Admin', role: 'admin' },
  { email: 'staff@redlion.test', name: 'Sam Staff', role: 'staff' },
  ...[1, 2, 3, 4, 5].map((n) => ({
    email: `player${n}@redlion.test`,
    name: ['Pat Player', 'Jo Bloggs', 'Chris Kick', 'Robin Goal', 'Taylor Pitch'][n - 1] ?? `Player ${n}`,
    role: 'player' as const,
  })),
];

export function seasonFilePath(file: string): string {
  return fileURLToPath(new URL(file, footballDir));
}

/** The Red Lion, its members and the 2024-25 season. Does nothing when the club already exists. */
export async function seedDemo(db: Db, auth: Auth, now: Date = new Date()): Promise<boolean> {
  if (await findClubBySlug(db, DEMO_CLUB_SLUG)) return false;
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(DEMO_PASSWORD);
  const season = parseOpenfootballSeason(
    JSON.parse(await readFile(seasonFilePath(DEMO_SEASON_FILE), 'utf8')),
  );

  await db.transaction(async (tx) => {
    const club = await insertClub(tx, {
      slug: DEMO_CLUB_SLUG,
      name: 'The Red Lion',
      primaryColor: '#b71c1c',
      secondaryColor: '#f9a825',
      joinCode: newJoinCode(),
    });
    const userIds: string[] = [];
    for (const a of demoAccounts) {
      const id = crypto.randomUUID();
      userIds.push(id);
      await tx.insert(user).values({
        id,
        name: a.name,
        email: a.email,
        emailVerified: true,
        dateOfBirth: '1990-01-01',
        lastClubId: club.id,
      });
      await tx.insert(memberships).values({ clubId: club.id, userId: id, role: a.role });
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: hash,
      });
    }
    await importSeason(tx, {
      key: 'premier-league-2024-25',
      name: season.name,
      source: 'openfootball',
      season,
    });
    // The live demo season and the club's game on it (clearly labelled as a demo).
    await seedDemoGame(tx, { clubId: club.id, userIds, season, now: now.getTime() });
  });
  return true;
}
