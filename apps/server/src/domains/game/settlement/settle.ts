import {
  type CompiledCompetition,
  compileCompetition,
  type RoundAnalysis,
  roundDeadline,
  roundSettleState,
} from '@lastman/game';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import { buyBackWindow, nextDeadlineAfter } from '../entries/buy-back-window.ts';
import { listSeasonFixtures, type SeasonModel, seasonModel } from '../fixtures/index.ts';
import type { BuyBackOpen } from '../notices.ts';
import { competitions, entries, picks, roundSettlements } from '../schema.ts';
import { applyRemovals, type Competition, crown, finish } from './round-records.ts';
import { settleRound } from './settle-round.ts';

export interface AdvanceResult {
  /** Round labels settled in this call. */
  settled: number[];
  status: Competition['status'];
  /** Refunds of buy-backs a re-settlement made needless, recorded here: ask the provider after the commit. */
  refunds?: string[];
  /**
   * The entries the settled rounds' results knocked out that may buy back in now, by entry id: the
   * players hear of it with their results.
   */
  buyBacks?: ReadonlyMap<string, BuyBackOpen>;
}

/** The competition's rounds as the engine sees them: from its start round, in label order. */
export function compileRounds(
  comp: Pick<Competition, 'rules' | 'startRound'>,
  model: SeasonModel,
): CompiledCompetition {
  return compileCompetition({
    rules: comp.rules,
    teams: model.teamNames,
    rounds: model.rounds,
    startRound: comp.startRound,
    entries: [],
  });
}

/** The first round whose deadline locks entries: the first non-void round from the start round. */
export function firstLockingRound(c: CompiledCompetition): RoundAnalysis | undefined {
  return c.rounds.find((r) => r.firstCountedKickoff !== null);
}

async function settledRounds(tx: DbOrTx, comp: Competition) {
  return tx
    .select({
      round: roundSettlements.round,
      held: sql<boolean>`coalesce((${roundSettlements.record}->>'held')::boolean, false)`,
    })
    .from(roundSettlements)
    .where(and(eq(roundSettlements.clubId, comp.clubId), eq(roundSettlements.competitionId, comp.id)));
}

/**
 * Moves one competition on to `now`: locks it at its first deadline (or cancels it with too few
 * entries), then settles each round that is due, in order. Idempotent: a round already settled is never
 * settled again. The caller holds the competition's lock and the transaction.
 */
export async function advanceCompetition(
  tx: DbOrTx,
  {
    competitionId,
    now,
  }: {
    competitionId: string;
    /** The time of the caller's pass or correction, which may settle several competitions at one instant. */
    now: number;
  },
): Promise<AdvanceResult> {
  const [comp] = await tx.select().from(competitions).where(eq(competitions.id, competitionId));
  if (!comp) return { settled: [], status: 'cancelled' };
  if (comp.status !== 'open' && comp.status !== 'running') return { settled: [], status: comp.status };
  const model = seasonModel(await listSeasonFixtures(tx, { clubId: comp.clubId, seasonId: comp.seasonId }));
  const c = compileRounds(comp, model);
  let status: Competition['status'] = comp.status;

  if (status === 'open') {
    const first = firstLockingRound(c);
    const deadline = first ? roundDeadline(first, comp.deadlineMinutes) : null;
    if (deadline === null || now < deadline) return { settled: [], status };
    const [row] = await sqlRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM ${entries} WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id} AND status = 'active'`,
    );
    status = (row?.n ?? 0) < comp.minEntries ? 'cancelled' : 'running';
    await tx
      .update(competitions)
      .set({ status })
      .where(and(eq(competitions.clubId, comp.clubId), eq(competitions.id, comp.id)));
    if (status === 'cancelled') {
      // Paid entries are refunded by the payments feature; here they leave the pot. An entry the club
      // knocked out before this first lock is refunded too: the player paid for it.
      await tx
        .update(entries)
        .set({ status: 'refunded' })
        .where(
          and(
            eq(entries.clubId, comp.clubId),
            eq(entries.competitionId, comp.id),
            sql`${entries.orderId} IS NOT NULL`,
            sql`${entries.status} IN ('pending', 'active', 'eliminated')`,
          ),
        );
      return { settled: [], status };
    }
    // Every entry starts the first round with the competition's lives.
    const lives = comp.rules.lives ?? 0;
    if (lives > 0) {
      await tx.execute(sql`UPDATE ${entries} SET lives_left = ${lives}, lives_lost_rounds = '{}'
        WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id}`);
    }
  }

  const rows = await settledRounds(tx, comp);
  const done = new Set(rows.map((row) => row.round));
  const last = rows.reduce<(typeof rows)[number] | null>(
    (a, b) => (a === null || b.round > a.round ? b : a),
    null,
  );
  // A round that left one entry standing while others could still buy back in.
  let heldRound = last?.held ? last.round : null;
  const settled: number[] = [];
  const refunds: string[] = [];
  for (let r = 0; r < c.rounds.length; r++) {
    const round = c.rounds[r] as RoundAnalysis;
    if (done.has(round.round)) continue;
    if (heldRound !== null) {
      // Buy-backs count before the one-survivor check: the game waits for the window to close.
      const closes = nextDeadlineAfter(comp, c, heldRound);
      if (closes !== null && now < closes) break;
      if ((await countActive(tx, comp)) <= 1) {
        await crownHeld(tx, comp, heldRound);
        status = 'finished';
        break;
      }
      heldRound = null;
    }
    const deadline = roundDeadline(round, comp.deadlineMinutes);
    if (deadline !== null && now < deadline) break;
    if (!round.played || !roundSettleState(round, now).ready) break;
    const outcome = await settleRound(tx, { comp, model, c, index: r, now });
    settled.push(round.round);
    refunds.push(...outcome.refunds);
    if (outcome.decided) {
      status = 'finished';
      break;
    }
    if (outcome.held) heldRound = round.round;
  }
  const buyBacks = await buyBackNotices(tx, { ...comp, status }, c, settled, now);
  return {
    settled,
    status,
    ...(refunds.length > 0 && { refunds }),
    ...(buyBacks.size > 0 && { buyBacks }),
  };
}

/**
 * The buy-backs open at `now` to the entries the `rounds` just settled knocked out, through the same
 * window check as the buy-back itself: none once the competition has ended, none for the club's
 * knock-outs, after the offer's last round or the last round, or once the next deadline has passed.
 * The window is the same for every entry out in a round, so it is worked out once a round.
 */
async function buyBackNotices(
  tx: DbOrTx,
  comp: Competition,
  c: CompiledCompetition,
  rounds: readonly number[],
  now: number,
): Promise<Map<string, BuyBackOpen>> {
  const notices = new Map<string, BuyBackOpen>();
  if (comp.buyBackUntilRound === null) return notices;
  for (const round of rounds) {
    const entry = {
      status: 'eliminated',
      eliminatedRound: round,
      removedFromRound: null,
      boughtBackRound: null,
    };
    const window = buyBackWindow(comp, c, entry, now);
    if (!window.ok) continue;
    const notice = { closesAt: window.closesAt, pricePence: window.pricePence, free: window.free };
    const out = await sqlRows<{ id: string }>(
      tx,
      sql`SELECT id FROM ${entries}
          WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id} AND status = 'eliminated'
            AND eliminated_round = ${round} AND removed_from_round IS NULL AND bought_back_round IS NULL`,
    );
    for (const e of out) notices.set(e.id, notice);
  }
  return notices;
}

async function countActive(tx: DbOrTx, comp: Competition): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM ${entries}
        WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id} AND status = 'active'`,
  );
  return row?.n ?? 0;
}

/** The buy-back window of a held round closed with nobody bought back: its one entry standing wins. */
async function crownHeld(tx: DbOrTx, comp: Competition, round: number): Promise<void> {
  const winners = await crown(tx, comp);
  await tx.execute(sql`UPDATE ${roundSettlements}
    SET record = record || jsonb_build_object('winners', ${JSON.stringify(winners)}::jsonb, 'held', false)
    WHERE club_id = ${comp.clubId} AND competition_id = ${comp.id} AND round = ${round}`);
  await finish(tx, comp, round);
}

/**
 * Undoes the settlement of `fromRound` and every later round (an admin corrected a result in it),
 * so that advancing again re-settles them from the corrected data.
 */
export async function unsettleFrom(
  tx: DbOrTx,
  { competition: comp, fromRound }: { competition: Competition; fromRound: number },
): Promise<boolean> {
  const undone = await tx
    .delete(roundSettlements)
    .where(
      and(
        eq(roundSettlements.clubId, comp.clubId),
        eq(roundSettlements.competitionId, comp.id),
        sql`${roundSettlements.round} >= ${fromRound}`,
      ),
    )
    .returning({ round: roundSettlements.round });
  if (undone.length === 0) return false;
  const scope = sql`club_id = ${comp.clubId} AND competition_id = ${comp.id}`;
  await tx.execute(sql`DELETE FROM ${picks} WHERE ${scope} AND round >= ${fromRound} AND auto`);
  await tx.execute(
    sql`UPDATE ${picks} SET outcome = NULL, cycle = 0 WHERE ${scope} AND round >= ${fromRound} AND outcome IS NOT NULL`,
  );
  await tx.execute(sql`UPDATE ${entries} SET status = 'active', eliminated_round = NULL, updated_at = now()
    WHERE ${scope} AND (status = 'won' OR (status = 'eliminated' AND eliminated_round >= ${fromRound}))`);
  // Lives lost in the undone rounds come back.
  await tx.execute(sql`UPDATE ${entries}
    SET lives_lost_rounds = ARRAY(SELECT r FROM unnest(lives_lost_rounds) r WHERE r < ${fromRound} ORDER BY r),
        lives_left = ${comp.rules.lives ?? 0} - (SELECT count(*)::int FROM unnest(lives_lost_rounds) r WHERE r < ${fromRound}),
        updated_at = now()
    WHERE ${scope} AND EXISTS (SELECT 1 FROM unnest(lives_lost_rounds) r WHERE r >= ${fromRound})`);
  await tx
    .update(competitions)
    .set({ status: 'running', finalRound: null })
    .where(and(eq(competitions.clubId, comp.clubId), eq(competitions.id, comp.id)));
  await applyRemovals(tx, { competition: comp });
  return true;
}
