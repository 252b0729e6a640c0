import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import { user } from '../../account/read-model.ts';
import { competitions, entries } from '../schema.ts';
import { competitionAudit, payouts } from './schema.ts';

/** The competition's winning entries with their players, in a stable order. */
export async function listWinners(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  return db
    .select({ entryId: entries.id, userId: entries.userId, playerName: user.name })
    .from(entries)
    .innerJoin(user, eq(user.id, entries.userId))
    .where(
      and(eq(entries.clubId, clubId), eq(entries.competitionId, competitionId), eq(entries.status, 'won')),
    )
    .orderBy(asc(user.name), asc(entries.createdAt), asc(entries.id));
}

/** Confirmed entries (active, eliminated or won): what a pool pot is made of. */
export async function countConfirmedEntries(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  const [row] = await sqlRows<{ n: number; bought: number }>(
    db,
    sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE bought_back_round IS NOT NULL)::int AS bought
        FROM ${entries}
        WHERE club_id = ${clubId} AND competition_id = ${competitionId} AND status IN ('active', 'eliminated', 'won')`,
  );
  return { entries: row?.n ?? 0, boughtBack: row?.bought ?? 0 };
}

export async function findEntry(
  db: DbOrTx,
  { clubId, competitionId, entryId }: { clubId: string; competitionId: string; entryId: string },
) {
  const [row] = await db
    .select({
      id: entries.id,
      userId: entries.userId,
      status: entries.status,
      playerName: user.name,
      emailVerified: user.emailVerified,
    })
    .from(entries)
    .innerJoin(user, eq(user.id, entries.userId))
    .where(
      and(eq(entries.clubId, clubId), eq(entries.competitionId, competitionId), eq(entries.id, entryId)),
    );
  return row;
}

export async function listPayouts(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  const recorder = alias(user, 'recorder');
  return db
    .select({
      id: payouts.id,
      entryId: payouts.entryId,
      userId: payouts.userId,
      playerName: user.name,
      amountPence: payouts.amountPence,
      paidAt: payouts.paidAt,
      method: payouts.method,
      reference: payouts.reference,
      recordedById: payouts.recordedBy,
      recordedByName: recorder.name,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .innerJoin(user, eq(user.id, payouts.userId))
    .innerJoin(recorder, eq(recorder.id, payouts.recordedBy))
    .where(and(eq(payouts.clubId, clubId), eq(payouts.competitionId, competitionId)))
    .orderBy(asc(payouts.paidAt), asc(payouts.createdAt), asc(payouts.id));
}

export async function payoutTotals(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  const [row] = await sqlRows<{ n: number; pence: number }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(amount_pence), 0)::int AS pence FROM ${payouts}
        WHERE club_id = ${clubId} AND competition_id = ${competitionId}`,
  );
  return { count: row?.n ?? 0, pence: row?.pence ?? 0 };
}

export async function insertPayout(db: DbOrTx, values: typeof payouts.$inferInsert) {
  const [row] = await db.insert(payouts).values(values).returning();
  if (!row) throw new Error('payout insert returned nothing');
  return row;
}

export async function listAudit(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  return db
    .select({
      id: competitionAudit.id,
      kind: competitionAudit.kind,
      message: competitionAudit.message,
      createdAt: competitionAudit.createdAt,
      byName: user.name,
    })
    .from(competitionAudit)
    .leftJoin(user, eq(user.id, competitionAudit.userId))
    .where(and(eq(competitionAudit.clubId, clubId), eq(competitionAudit.competitionId, competitionId)))
    .orderBy(asc(competitionAudit.createdAt), asc(competitionAudit.seq));
}

export async function insertAudit(db: DbOrTx, values: typeof competitionAudit.$inferInsert) {
  await db.insert(competitionAudit).values(values);
}

export async function setReview(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
  review: { reason: string; at: Date } | null,
) {
  await db
    .update(competitions)
    .set({ needsReviewReason: review?.reason ?? null, needsReviewAt: review?.at ?? null })
    .where(and(eq(competitions.clubId, clubId), eq(competitions.id, competitionId)));
}

/** The club's competitions flagged for an admin's review, oldest flag first. */
export async function listReviews(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select({
      competitionId: competitions.id,
      name: competitions.name,
      reason: competitions.needsReviewReason,
      at: competitions.needsReviewAt,
    })
    .from(competitions)
    .where(and(eq(competitions.clubId, clubId), isNotNull(competitions.needsReviewReason)))
    .orderBy(asc(competitions.needsReviewAt));
}
