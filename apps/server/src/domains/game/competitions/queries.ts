import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { entryNumber } from '../../../db/entry-number.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import { user } from '../../account/read-model.ts';
import { teams } from '../football/schema.ts';
import { competitionAudit } from '../payouts/schema.ts';
import { competitions, entries, picks, roundSettlements } from '../schema.ts';

export type CompetitionRow = typeof competitions.$inferSelect;

export async function listCompetitions(
  db: DbOrTx,
  { clubId, includeDrafts }: { clubId: string; includeDrafts: boolean },
) {
  return db
    .select()
    .from(competitions)
    .where(
      includeDrafts
        ? eq(competitions.clubId, clubId)
        : and(eq(competitions.clubId, clubId), ne(competitions.status, 'draft')),
    )
    .orderBy(desc(competitions.createdAt));
}

export async function findCompetition(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  const [row] = await db
    .select()
    .from(competitions)
    .where(and(eq(competitions.clubId, clubId), eq(competitions.id, competitionId)));
  return row;
}

export async function insertCompetition(db: DbOrTx, values: typeof competitions.$inferInsert) {
  const [row] = await db.insert(competitions).values(values).returning();
  if (!row) throw new Error('competition insert returned nothing');
  return row;
}

export async function updateCompetition(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
  set: Partial<typeof competitions.$inferInsert>,
) {
  const [row] = await db
    .update(competitions)
    .set(set)
    .where(and(eq(competitions.clubId, clubId), eq(competitions.id, competitionId)))
    .returning();
  return row;
}

export interface EntryCounts {
  competitionId: string;
  /** Confirmed entries (active, eliminated or won). */
  total: number;
  /** Still in (active) or won. */
  remaining: number;
  mine: number;
  /** Confirmed entries bought back in (each once): their price goes into a pool. */
  boughtBack: number;
}

export async function entryCounts(
  db: DbOrTx,
  { clubId, userId }: { clubId: string; userId: string | null },
): Promise<EntryCounts[]> {
  return sqlRows<EntryCounts>(
    db,
    sql`SELECT competition_id AS "competitionId",
          count(*) FILTER (WHERE status IN ('active', 'eliminated', 'won'))::int AS total,
          count(*) FILTER (WHERE status IN ('active', 'won'))::int AS remaining,
          count(*) FILTER (WHERE user_id = ${userId} AND status <> 'refunded')::int AS mine,
          count(*) FILTER (WHERE bought_back_round IS NOT NULL AND status IN ('active', 'eliminated', 'won'))::int AS "boughtBack"
        FROM ${entries} WHERE club_id = ${clubId} GROUP BY competition_id`,
  );
}

export async function listSettlements(
  db: DbOrTx,
  { clubId, competitionIds }: { clubId: string; competitionIds: readonly string[] },
) {
  if (competitionIds.length === 0) return [];
  return db
    .select()
    .from(roundSettlements)
    .where(
      and(eq(roundSettlements.clubId, clubId), inArray(roundSettlements.competitionId, [...competitionIds])),
    )
    .orderBy(asc(roundSettlements.round));
}

export async function listMyEntries(
  db: DbOrTx,
  { clubId, competitionId, userId }: { clubId: string; competitionId: string; userId: string },
) {
  return db
    .select()
    .from(entries)
    .where(
      and(eq(entries.clubId, clubId), eq(entries.competitionId, competitionId), eq(entries.userId, userId)),
    )
    .orderBy(asc(entries.createdAt), asc(entries.id));
}

export async function countMyEntries(
  db: DbOrTx,
  { clubId, competitionId, userId }: { clubId: string; competitionId: string; userId: string },
) {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${entries}
        WHERE club_id = ${clubId} AND competition_id = ${competitionId} AND user_id = ${userId} AND status <> 'refunded'`,
  );
  return row?.n ?? 0;
}

export async function insertEntry(db: DbOrTx, values: typeof entries.$inferInsert) {
  const [row] = await db.insert(entries).values(values).returning();
  if (!row) throw new Error('entry insert returned nothing');
  return row;
}

export async function listStandings(
  db: DbOrTx,
  { clubId, competitionId, limit }: { clubId: string; competitionId: string; limit: number },
) {
  return db
    .select({
      entryId: entries.id,
      playerName: user.name,
      entryNumber,
      status: entries.status,
      eliminatedRound: entries.eliminatedRound,
      livesLeft: entries.livesLeft,
    })
    .from(entries)
    .innerJoin(user, eq(user.id, entries.userId))
    .where(
      and(
        eq(entries.clubId, clubId),
        eq(entries.competitionId, competitionId),
        inArray(entries.status, ['active', 'eliminated', 'won']),
      ),
    )
    .orderBy(
      sql`CASE ${entries.status} WHEN 'won' THEN 0 WHEN 'active' THEN 1 ELSE 2 END`,
      sql`${entries.eliminatedRound} DESC NULLS FIRST`,
      asc(user.name),
      asc(entries.id),
    )
    .limit(limit);
}

export async function refundPaidEntries(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  await db
    .update(entries)
    .set({ status: 'refunded' })
    .where(
      and(
        eq(entries.clubId, clubId),
        eq(entries.competitionId, competitionId),
        sql`${entries.orderId} IS NOT NULL`,
        inArray(entries.status, ['pending', 'active', 'eliminated']),
      ),
    );
}

/** The club's competitions on a season that are open or running, or finished (a correction may re-open them). */
export async function competitionsOnSeason(
  db: DbOrTx,
  { clubId, seasonId }: { clubId: string; seasonId: string },
) {
  return db
    .select()
    .from(competitions)
    .where(
      and(
        eq(competitions.clubId, clubId),
        eq(competitions.seasonId, seasonId),
        inArray(competitions.status, ['open', 'running', 'finished']),
      ),
    );
}

/** The clubs with a competition on a season (open, running or finished): a change of its data concerns them. */
export async function clubsOnSeason(db: DbOrTx, { seasonId }: { seasonId: string }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clubId: competitions.clubId })
    .from(competitions)
    .where(
      and(eq(competitions.seasonId, seasonId), inArray(competitions.status, ['open', 'running', 'finished'])),
    );
  return rows.map((r) => r.clubId);
}

/** The entries that played (paid and confirmed when the first round locked), with their players. */
export async function listEntriesInPlay(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  return db
    .select({
      entryId: entries.id,
      userId: entries.userId,
      playerName: user.name,
      boughtBackRound: entries.boughtBackRound,
    })
    .from(entries)
    .innerJoin(user, eq(user.id, entries.userId))
    .where(
      and(
        eq(entries.clubId, clubId),
        eq(entries.competitionId, competitionId),
        inArray(entries.status, ['active', 'eliminated', 'won']),
      ),
    )
    .orderBy(asc(entries.createdAt), asc(entries.id));
}

/** The picks players made themselves (not the auto-picks a rule made for them), by team name. */
export async function listOwnPicks(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  return db
    .select({ entryId: picks.entryId, round: picks.round, teamName: teams.name })
    .from(picks)
    .innerJoin(teams, eq(teams.id, picks.teamId))
    .where(and(eq(picks.clubId, clubId), eq(picks.competitionId, competitionId), eq(picks.auto, false)));
}

/**
 * Entries a result correction put out, as it still stands: the latest correction row of each entry says
 * it went out in the round it is out in now. A later correction that brought it back (or a club
 * knock-out) leaves it out for another reason.
 */
export async function correctionOuts(
  db: DbOrTx,
  { clubId, entries: rows }: { clubId: string; entries: readonly EntryState[] },
): Promise<Map<string, { round: number; result: string }>> {
  const out = new Map<string, { round: number; result: string }>();
  const eliminated = rows.filter(
    (e) =>
      e.status === 'eliminated' && e.eliminatedRound !== null && e.eliminatedRound !== e.removedFromRound,
  );
  if (eliminated.length === 0) return out;
  const audit = await db
    .select({ detail: competitionAudit.detail })
    .from(competitionAudit)
    .where(
      and(
        eq(competitionAudit.clubId, clubId),
        eq(competitionAudit.kind, 'entry_corrected'),
        inArray(competitionAudit.competitionId, [...new Set(eliminated.map((e) => e.competitionId))]),
      ),
    )
    .orderBy(asc(competitionAudit.createdAt), asc(competitionAudit.seq));
  const latest = new Map<string, Record<string, unknown>>();
  for (const a of audit) latest.set(String(a.detail.entryId), a.detail);
  for (const e of eliminated) {
    const d = latest.get(e.id);
    if (d?.out === true && d.round === e.eliminatedRound && typeof d.result === 'string') {
      out.set(e.id, { round: e.eliminatedRound as number, result: d.result });
    }
  }
  return out;
}

export interface EntryState {
  id: string;
  competitionId: string;
  status: string;
  eliminatedRound: number | null;
  removedFromRound: number | null;
}
