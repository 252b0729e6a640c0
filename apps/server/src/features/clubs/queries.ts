import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clubs } from '../../db/schema/index.ts';

export type ClubRow = typeof clubs.$inferSelect;

export async function findClubBySlug(db: DbOrTx, slug: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.slug, slug)).limit(1);
  return row;
}

export async function findClubByJoinCode(db: DbOrTx, joinCode: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.joinCode, joinCode.toUpperCase())).limit(1);
  return row;
}

export async function findClubById(db: DbOrTx, id: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.id, id)).limit(1);
  return row;
}

export async function insertClub(db: DbOrTx, values: typeof clubs.$inferInsert): Promise<ClubRow> {
  const [row] = await db.insert(clubs).values(values).returning();
  if (!row) throw new Error('club insert returned nothing');
  return row;
}

/** Club details (issue 12): the columns an admin edits from the Club tab. */
export async function updateClub(
  db: DbOrTx,
  {
    clubId,
    values,
  }: {
    clubId: string;
    values: Partial<Pick<ClubRow, 'address' | 'openingHours' | 'phone' | 'contactEmail'>>;
  },
): Promise<ClubRow | undefined> {
  const [row] = await db.update(clubs).set(values).where(eq(clubs.id, clubId)).returning();
  return row;
}
