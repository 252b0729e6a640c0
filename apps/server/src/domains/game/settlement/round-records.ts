import type { CompiledCompetition } from '@lastman/game';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import { recordBuyBackRefund } from '../../payments/index.ts';
import { nextDeadlineAfter } from '../entries/buy-back-window.ts';
import { competitionAudit } from '../payouts/schema.ts';
import { competitions, entries, type RoundRecord, roundSettlements } from '../schema.ts';

export type Competition = typeof competitions.$inferSelect;

/**
 * Whether an entry knocked out in round R may still be bought back in (the window runs to the next
 * round's deadline, so while R is being settled it is open, unless settlement came after it).
 */
export async function mayStillBuyBack(tx: DbOrTx, comp: Competition, c: CompiledCompetition, R: number) {
  if (comp.buyBackUntilRound === null || R > comp.buyBackUntilRound) return false;
  if (nextDeadlineAfter(comp, c, R) === null) return false;
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM ${entries}
        WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id} AND status = 'eliminated'
          AND eliminated_round = ${R} AND removed_from_round IS NULL AND bought_back_round IS NULL`,
  );
  return (row?.n ?? 0) > 0;
}

/**
 * A re-settlement that did not knock a bought-back entry out in its round (it survived, lost a life,
 * went out earlier, the round rolled over or split) made its buy-back needless: it is undone (the
 * entry may be bought back again if a later knock-out allows) and its money goes back, written down
 * here before the provider is asked. With `round` null: every buy-back after the competition ended.
 */
export async function undoNeedlessBuyBacks(
  tx: DbOrTx,
  comp: Competition,
  round: number | null,
  kept: readonly string[],
  now: number,
): Promise<string[]> {
  if (comp.buyBackUntilRound === null) return [];
  const which =
    round === null
      ? sql`bought_back_round > (SELECT final_round FROM ${competitions} WHERE id = ${comp.id})`
      : sql`bought_back_round = ${round}`;
  const undone = await sqlRows<{ id: string; order_id: string | null; round: number }>(
    tx,
    sql`WITH u AS (
        SELECT id, buy_back_order_id, bought_back_round FROM ${entries}
        WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id} AND ${which}
          ${
            kept.length > 0
              ? sql`AND id NOT IN (${sql.join(
                  kept.map((k) => sql`${k}`),
                  sql`, `,
                )})`
              : sql``
          }
        FOR UPDATE)
      UPDATE ${entries} e SET bought_back_round = NULL, buy_back_order_id = NULL, updated_at = now()
      FROM u WHERE e.id = u.id
      RETURNING e.id, u.buy_back_order_id AS order_id, u.bought_back_round AS round`,
  );
  const refunds: string[] = [];
  for (const row of undone) {
    const refundId = row.order_id
      ? await recordBuyBackRefund(tx, {
          orderId: row.order_id,
          reason: `A corrected result brought the entry back: its buy-back after round ${row.round} was not needed`,
        })
      : null;
    if (refundId) refunds.push(refundId);
    await tx.insert(competitionAudit).values({
      clubId: comp.clubId,
      competitionId: comp.id,
      kind: 'buy_back_refunded',
      message: `A buy-back after round ${row.round} was undone by a re-settlement${row.order_id ? ' and refunded' : ''}`,
      detail: { entryId: row.id, round: row.round, orderId: row.order_id },
      userId: null,
      createdAt: new Date(now),
    });
  }
  return refunds;
}

/** Every entry still in wins. */
export async function crown(tx: DbOrTx, comp: Competition): Promise<string[]> {
  const rows = await tx
    .update(entries)
    .set({ status: 'won' })
    .where(
      and(eq(entries.clubId, comp.clubId), eq(entries.competitionId, comp.id), eq(entries.status, 'active')),
    )
    .returning({ id: entries.id });
  return rows.map((r) => r.id).sort();
}

export async function finish(tx: DbOrTx, comp: Competition, round: number) {
  await tx
    .update(competitions)
    .set({ status: 'finished', finalRound: round })
    .where(and(eq(competitions.clubId, comp.clubId), eq(competitions.id, comp.id)));
}

export async function recordRound(
  tx: DbOrTx,
  comp: Competition,
  round: number,
  status: 'played' | 'void',
  now: number,
  record: RoundRecord,
) {
  // The unique (competition, round) makes a second settlement of the round fail loudly, never twice.
  await tx.insert(roundSettlements).values({
    clubId: comp.clubId,
    competitionId: comp.id,
    round,
    status,
    record,
    settledAt: new Date(now),
  });
}

/**
 * The first round of the competition not settled yet: the round in play or the next to lock. A
 * knock-out made now takes effect from it (the round's result does not apply to the entry).
 */
export async function firstUnsettledRound(
  tx: DbOrTx,
  { competition: comp }: { competition: Competition },
): Promise<number> {
  const [row] = await sqlRows<{ last: number | null }>(
    tx,
    sql`SELECT max(round)::int AS last FROM ${roundSettlements}
        WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id}`,
  );
  return row?.last == null ? comp.startRound : row.last + 1;
}

/**
 * Puts out every entry the club removed from a round that has been reached: an entry removed from
 * round N plays every round before N as usual (so a re-settlement of those rounds may still put it
 * out earlier, by the rules) and is out, with N as its round, once every round before N is settled.
 * Settlement calls it before each round and after undoing rounds, so a removal survives any
 * re-settlement.
 */
export async function applyRemovals(
  tx: DbOrTx,
  { competition: comp }: { competition: Competition },
): Promise<void> {
  const next = await firstUnsettledRound(tx, { competition: comp });
  await tx.execute(sql`UPDATE ${entries}
    SET status = 'eliminated', eliminated_round = removed_from_round, updated_at = now()
    WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id} AND status = 'active'
      AND removed_from_round IS NOT NULL AND removed_from_round <= ${next}`);
}
