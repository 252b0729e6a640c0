import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { entryNumber } from '../../../db/entry-number.ts';
import { user } from '../../account/read-model.ts';
import { orders } from '../../payments/read-model.ts';
import { competitionAudit } from '../payouts/schema.ts';
import { competitions, entries } from '../schema.ts';

/** `%`, `_` and `\` typed into the search box are searched for as themselves. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A competition's entries with their player, how they were paid and who removed them, if anyone did. */
export async function listCompetitionEntries(
  db: DbOrTx,
  { clubId, competitionId, search }: { clubId: string; competitionId: string; search?: string | undefined },
) {
  const remover = sql<string | null>`(SELECT name FROM ${user} r WHERE r.id = ${entries.removedBy})`;
  const match = search
    ? or(ilike(user.name, likePattern(search)), ilike(user.email, likePattern(search)))
    : undefined;
  return db
    .select({
      id: entries.id,
      userId: entries.userId,
      playerName: user.name,
      nameOnly: sql<boolean>`${user.guestOfClubId} IS NOT NULL`,
      entryNumber,
      status: entries.status,
      eliminatedRound: entries.eliminatedRound,
      orderId: entries.orderId,
      provider: orders.provider,
      orderStatus: orders.status,
      unitPricePence: orders.unitPricePence,
      orderReference: orders.reference,
      removedFromRound: entries.removedFromRound,
      boughtBackRound: entries.boughtBackRound,
      removedReason: entries.removedReason,
      removedAt: entries.removedAt,
      removedByName: remover,
    })
    .from(entries)
    .innerJoin(user, eq(user.id, entries.userId))
    .leftJoin(orders, eq(orders.id, entries.orderId))
    .where(and(eq(entries.clubId, clubId), eq(entries.competitionId, competitionId), match))
    .orderBy(asc(user.name), asc(entries.createdAt), asc(entries.id));
}

export type CompetitionEntryRow = Awaited<ReturnType<typeof listCompetitionEntries>>[number];

export async function findCompetitionEntry(
  db: DbOrTx,
  { clubId, competitionId, entryId }: { clubId: string; competitionId: string; entryId: string },
) {
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.clubId, clubId), eq(entries.competitionId, competitionId), eq(entries.id, entryId)))
    .for('update');
  return row;
}

export async function setRemoval(
  db: DbOrTx,
  { clubId, entryId }: { clubId: string; entryId: string },
  set: Partial<typeof entries.$inferInsert>,
) {
  await db
    .update(entries)
    .set(set)
    .where(and(eq(entries.clubId, clubId), eq(entries.id, entryId)));
}

export async function insertEntryAudit(db: DbOrTx, values: typeof competitionAudit.$inferInsert) {
  await db.insert(competitionAudit).values(values);
}

export async function entriesOfUser(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  return db
    .select({ entry: entries, competitionName: competitions.name })
    .from(entries)
    .innerJoin(competitions, eq(competitions.id, entries.competitionId))
    .where(and(eq(entries.clubId, clubId), eq(entries.userId, userId)))
    .orderBy(asc(entries.createdAt));
}
