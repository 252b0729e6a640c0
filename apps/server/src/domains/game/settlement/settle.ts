import {
  type CompiledCompetition,
  compileCompetition,
  type RoundAnalysis,
  roundDeadline,
  roundSettleState,
  teamOutcome,
} from '@lastman/game';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import { recordBuyBackRefund } from '../../payments/index.ts';
import { buyBackWindow, nextDeadlineAfter } from '../entries/buy-back-window.ts';
import { listSeasonFixtures, type SeasonModel, seasonModel } from '../fixtures/index.ts';
import type { BuyBackOpen } from '../notices.ts';
import { competitionAudit } from '../payouts/schema.ts';
import {
  type CompetitionRules,
  competitions,
  entries,
  picks,
  type RoundRecord,
  roundSettlements,
} from '../schema.ts';

type Competition = typeof competitions.$inferSelect;

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

interface RoundContext {
  comp: Competition;
  model: SeasonModel;
  c: CompiledCompetition;
  index: number;
  now: number;
}

/** The team table of a round: tiny, computed by the engine; the per-entry work is set-based SQL. */
function teamTable(ctx: RoundContext) {
  const { c, model, index } = ctx;
  const round = c.rounds[index] as RoundAnalysis;
  const survives = c.survives[index] as Uint8Array;
  return round.teams.map((name) => {
    const ord = c.teams.indexOf(name);
    return {
      team_id: model.idByName.get(name) as string,
      name,
      ord,
      survives: survives[ord] === 1,
      outcome: teamOutcome(round, name) ?? 'postponed',
    };
  });
}

const COUNTED = sql`('survived', 'eliminated')`;

/**
 * The outcome of a pick of the round being settled, to filter on. The column's statistics predate the
 * outcomes this transaction has just written (all still null in them), so a filter on the column
 * itself is estimated at a row or so and the planner joins it by a nested loop, once per entry: hours
 * for a million. An expression has no statistics, so its default estimate keeps a hash join.
 */
const freshOutcome = sql`coalesce(p.outcome, '')`;

export interface RoundOutcome {
  /** The round decided the competition. */
  decided: boolean;
  /** One entry is left standing, but others knocked out in the round may still buy back in. */
  held: boolean;
  /** Refunds of buy-backs the round's re-settlement made needless. */
  refunds: string[];
}

/** Settles one round of one competition. */
export async function settleRound(tx: DbOrTx, ctx: RoundContext): Promise<RoundOutcome> {
  const { comp, c, index } = ctx;
  const round = c.rounds[index] as RoundAnalysis;
  const R = round.round;
  const isLast = index === c.rounds.length - 1;
  const clubId = comp.clubId;
  const compId = comp.id;
  const rules = comp.rules as CompetitionRules;
  const cycles = rules.reuse === 'afterAllUsed';

  // Memory for the round's joins, for the rest of this transaction (one competition): at the default
  // 4 MB the elimination's hash of a million picks spilled into batches, each batch revisited every
  // page of the competition's entries (each page dirtied, evicted and written about four times), and
  // the planner read the whole tables instead of the competition's own pages through its index.
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);

  // Entries the club removed from this round (or earlier) take no part in it, whatever they picked.
  await applyRemovals(tx, { competition: comp });
  // One read of the competition's entries for both counts.
  const [counts] = await sqlRows<{ active: number; others: number }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE status = 'active')::int AS active,
               count(*) FILTER (WHERE status <> 'active')::int AS others
        FROM ${entries} WHERE club_id = ${clubId} AND competition_id = ${compId}`,
  );
  const active = counts?.active ?? 0;
  const others = counts?.others ?? 0;
  const fixturesRecord = round.fixtures
    .filter((f) => !f.rescheduledOut)
    .map(({ fixture: f }) => ({
      id: f.id,
      home: f.home,
      away: f.away,
      score: f.result ? ([f.result.home, f.result.away] as [number, number]) : null,
      status: f.status,
    }));

  if (round.isVoid) {
    await tx.execute(sql`UPDATE ${picks} SET outcome = 'void'
      WHERE club_id = ${clubId} AND competition_id = ${compId} AND round = ${R}`);
    const winners = isLast ? await crown(tx, comp) : [];
    await recordRound(tx, comp, R, 'void', ctx.now, {
      outcomes: {},
      fixtures: fixturesRecord,
      survivors: active,
      eliminated: 0,
      rollover: false,
      split: false,
      winners,
    });
    // A void round knocks nobody out: a buy-back made after it (only in a re-settlement) was needless.
    const refunds = await undoNeedlessBuyBacks(tx, comp, R, [], ctx.now);
    if (isLast) {
      await finish(tx, comp, R);
      refunds.push(...(await undoNeedlessBuyBacks(tx, comp, null, [], ctx.now)));
    }
    return { decided: isLast, held: false, refunds };
  }

  const table = teamTable(ctx);
  const teamsJson = JSON.stringify(table.map(({ team_id, ord, survives }) => ({ team_id, ord, survives })));
  const teamCount = c.teams.length;
  // The reuse cycle each entry is in: with `never` always 0; with `afterAllUsed` it moves on once
  // an entry has counted a pick of every team in its current cycle.
  const cycleCte = cycles
    ? sql`cyc AS (
        SELECT entry_id, CASE WHEN count(*) FILTER (WHERE cycle = mc) >= ${teamCount} THEN mc + 1 ELSE mc END AS cycle
        FROM (SELECT entry_id, cycle, max(cycle) OVER (PARTITION BY entry_id) AS mc FROM ${picks}
              WHERE club_id = ${clubId} AND competition_id = ${compId} AND round < ${R} AND outcome IN ${COUNTED}) x
        GROUP BY entry_id, mc)`
    : sql`cyc AS (SELECT NULL::text AS entry_id, 0 AS cycle WHERE false)`;
  const teamsCte = sql`t AS (SELECT * FROM jsonb_to_recordset(${teamsJson}::jsonb) AS t(team_id text, ord int, survives boolean))`;

  // 1. Each active entry's own pick: counted if its team plays and was not used in its cycle.
  let marked: { survivors: number; counted: number } | undefined;
  if (!cycles && others < active) {
    // Mostly active entries (the early rounds, the big ones): mark the round's picks without joining
    // every entry, then take back the few picks made ahead by entries already out (they lapsed).
    [marked] = await sqlRows<{ survivors: number; counted: number }>(
      tx,
      sql`WITH ${teamsCte},
        u AS (
          UPDATE ${picks} p
          SET outcome = CASE WHEN t.survives THEN 'survived' ELSE 'eliminated' END, cycle = 0
          FROM t
          WHERE p.club_id = ${clubId} AND p.competition_id = ${compId} AND p.round = ${R} AND t.team_id = p.team_id
            AND NOT EXISTS (
              SELECT 1 FROM ${picks} q
              WHERE q.competition_id = ${compId} AND q.entry_id = p.entry_id AND q.team_id = p.team_id
                AND q.round < ${R}
                AND q.outcome IN ${COUNTED})
          RETURNING p.outcome)
        SELECT count(*) FILTER (WHERE outcome = 'survived')::int AS survivors, count(*)::int AS counted FROM u`,
    );
    if (others > 0) {
      const [lapsed] = await sqlRows<{ survivors: number; counted: number }>(
        tx,
        sql`WITH l AS (
            SELECT p.id, p.outcome FROM ${entries} e JOIN ${picks} p ON p.entry_id = e.id AND p.round = ${R}
            WHERE e.club_id = ${clubId} AND e.competition_id = ${compId} AND e.status <> 'active'
              AND p.outcome IS NOT NULL),
          u AS (UPDATE ${picks} p SET outcome = NULL FROM l WHERE p.id = l.id RETURNING l.outcome)
          SELECT count(*) FILTER (WHERE outcome = 'survived')::int AS survivors, count(*)::int AS counted FROM u`,
      );
      if (marked && lapsed) {
        marked = { survivors: marked.survivors - lapsed.survivors, counted: marked.counted - lapsed.counted };
      }
    }
  } else {
    [marked] = await sqlRows<{ survivors: number; counted: number }>(
      tx,
      sql`WITH ${teamsCte}, ${cycleCte},
        u AS (
          UPDATE ${picks} p
          SET outcome = CASE WHEN t.survives THEN 'survived' ELSE 'eliminated' END,
              cycle = coalesce(cyc.cycle, 0)
          FROM ${entries} e
          JOIN t ON true
          LEFT JOIN cyc ON cyc.entry_id = e.id
          WHERE p.club_id = ${clubId} AND p.competition_id = ${compId} AND p.round = ${R}
            AND e.id = p.entry_id AND e.status = 'active' AND t.team_id = p.team_id
            AND NOT EXISTS (
              SELECT 1 FROM ${picks} q
              WHERE q.competition_id = ${compId} AND q.entry_id = p.entry_id AND q.team_id = p.team_id
                AND q.round < ${R}
                AND q.outcome IN ${COUNTED} AND q.cycle = coalesce(cyc.cycle, 0))
          RETURNING p.outcome)
        SELECT count(*) FILTER (WHERE outcome = 'survived')::int AS survivors, count(*)::int AS counted FROM u`,
    );
  }
  let survivors = marked?.survivors ?? 0;
  let counted = marked?.counted ?? 0;

  // 2. Picks of active entries that could not count (the team no longer plays, or was used).
  if (counted < active) {
    await tx.execute(sql`UPDATE ${picks} p SET outcome = 'invalid'
      FROM ${entries} e
      WHERE p.club_id = ${clubId} AND p.competition_id = ${compId} AND p.round = ${R} AND p.outcome IS NULL
        AND e.id = p.entry_id AND e.status = 'active'`);
  }

  // 3. Auto-picks for active entries with no counted pick: the first usable team in the engine's order.
  if (rules.missedPick === 'autoPick' && counted < active) {
    const [auto] = await sqlRows<{ survivors: number; counted: number }>(
      tx,
      sql`WITH ${teamsCte}, ${cycleCte},
        ins AS (
          INSERT INTO ${picks} (id, club_id, competition_id, entry_id, round, team_id, auto, outcome, cycle)
          SELECT gen_random_uuid()::text, e.club_id, e.competition_id, e.id, ${R}, ch.team_id, true,
                 CASE WHEN ch.survives THEN 'survived' ELSE 'eliminated' END, coalesce(cyc.cycle, 0)
          FROM ${entries} e
          LEFT JOIN cyc ON cyc.entry_id = e.id
          CROSS JOIN LATERAL (
            SELECT t.team_id, t.survives FROM t
            WHERE NOT EXISTS (
              SELECT 1 FROM ${picks} q
              WHERE q.competition_id = ${compId} AND q.entry_id = e.id AND q.team_id = t.team_id
                AND q.round < ${R}
                AND q.outcome IN ${COUNTED} AND q.cycle = coalesce(cyc.cycle, 0))
            ORDER BY t.ord LIMIT 1) ch
          WHERE e.club_id = ${clubId} AND e.competition_id = ${compId} AND e.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM ${picks} p WHERE p.entry_id = e.id AND p.round = ${R}
                            AND ${freshOutcome} IN ${COUNTED})
          ON CONFLICT (entry_id, round) DO UPDATE
            SET team_id = excluded.team_id, auto = true, outcome = excluded.outcome,
                cycle = excluded.cycle, updated_at = now()
          RETURNING outcome)
        SELECT count(*) FILTER (WHERE outcome = 'survived')::int AS survivors, count(*)::int AS counted FROM ins`,
    );
    survivors += auto?.survivors ?? 0;
    counted += auto?.counted ?? 0;
  }

  // 4. Lives: an active entry whose pick did not survive (or that had none) and has a life left loses
  // it and stays in. Everyone out needs every entry failed with no life left, so this never undoes.
  let livesLost = 0;
  if ((rules.lives ?? 0) > 0 && survivors < active) {
    const [saved] = await sqlRows<{ n: number }>(
      tx,
      sql`WITH s AS (
          UPDATE ${entries} e SET lives_left = lives_left - 1, lives_lost_rounds = lives_lost_rounds || ${R}::smallint,
                 updated_at = now()
          WHERE e.club_id = ${clubId} AND e.competition_id = ${compId} AND e.status = 'active' AND e.lives_left > 0
            AND NOT EXISTS (SELECT 1 FROM ${picks} p
                            WHERE p.club_id = ${clubId} AND p.competition_id = ${compId}
                              AND p.entry_id = e.id AND p.round = ${R} AND ${freshOutcome} = 'survived')
          RETURNING 1)
        SELECT count(*)::int AS n FROM s`,
    );
    livesLost = saved?.n ?? 0;
    survivors += livesLost;
  }

  // 5. Who goes out: after the picks and lives, the all-out rule, then the last one standing.
  let rollover = false;
  let split = false;
  let eliminated = 0;
  let remaining = survivors;
  // Entries already bought back in after this round (a re-settlement): knocked out again, they stay in.
  let boughtBack: string[] = [];
  if (survivors === 0 && active > 0) {
    if (rules.allOut === 'split') split = true;
    else rollover = true;
    remaining = active;
  } else if (survivors < active) {
    const failed = sql`e.club_id = ${clubId} AND e.competition_id = ${compId} AND e.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM ${picks} p
                            WHERE p.club_id = ${clubId} AND p.competition_id = ${compId}
                              AND p.entry_id = e.id AND p.round = ${R} AND ${freshOutcome} = 'survived')
            ${livesLost > 0 ? sql`AND NOT (${R}::smallint = ANY (e.lives_lost_rounds))` : sql``}`;
    if (comp.buyBackUntilRound !== null && R <= comp.buyBackUntilRound) {
      const kept = await sqlRows<{ id: string }>(
        tx,
        sql`SELECT e.id FROM ${entries} e WHERE ${failed} AND e.bought_back_round = ${R} ORDER BY e.id`,
      );
      boughtBack = kept.map((k) => k.id);
    }
    const [out] = await sqlRows<{ n: number }>(
      tx,
      sql`WITH o AS (
          UPDATE ${entries} e SET status = 'eliminated', eliminated_round = ${R}, updated_at = now()
          WHERE ${failed}
            ${boughtBack.length > 0 ? sql`AND e.bought_back_round IS DISTINCT FROM ${R}::smallint` : sql``}
          RETURNING 1)
        SELECT count(*)::int AS n FROM o`,
    );
    eliminated = out?.n ?? 0;
    remaining = survivors + boughtBack.length;
  }
  const refunds = await undoNeedlessBuyBacks(tx, comp, R, boughtBack, ctx.now);

  // One left standing, but others out in this round may still buy back in: not crowned yet.
  let held = false;
  if (!split && !rollover && active > 0 && remaining === 1 && !isLast && eliminated > 0) {
    held = await mayStillBuyBack(tx, comp, c, R);
  }
  const decided = !held && (split || (active > 0 && (remaining === 1 || isLast)) || (active === 0 && isLast));
  const winners = decided ? await crown(tx, comp) : [];
  const outcomes: RoundRecord['outcomes'] = {};
  for (const t of table) outcomes[t.team_id] = { team: t.name, outcome: t.outcome, survives: t.survives };
  await recordRound(tx, comp, R, 'played', ctx.now, {
    outcomes,
    fixtures: fixturesRecord,
    survivors: split ? 0 : remaining,
    eliminated: split ? active : eliminated,
    livesLost,
    rollover,
    split,
    winners,
    ...(boughtBack.length > 0 && { boughtBack }),
    ...(held && { held }),
  });
  if (decided) {
    await finish(tx, comp, R);
    refunds.push(...(await undoNeedlessBuyBacks(tx, comp, null, [], ctx.now)));
  }
  return { decided, held, refunds };
}

/**
 * Whether an entry knocked out in round R may still be bought back in (the window runs to the next
 * round's deadline, so while R is being settled it is open, unless settlement came after it).
 */
async function mayStillBuyBack(tx: DbOrTx, comp: Competition, c: CompiledCompetition, R: number) {
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
async function undoNeedlessBuyBacks(
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
async function crown(tx: DbOrTx, comp: Competition): Promise<string[]> {
  const rows = await tx
    .update(entries)
    .set({ status: 'won' })
    .where(
      and(eq(entries.clubId, comp.clubId), eq(entries.competitionId, comp.id), eq(entries.status, 'active')),
    )
    .returning({ id: entries.id });
  return rows.map((r) => r.id).sort();
}

async function finish(tx: DbOrTx, comp: Competition, round: number) {
  await tx
    .update(competitions)
    .set({ status: 'finished', finalRound: round })
    .where(and(eq(competitions.clubId, comp.clubId), eq(competitions.id, comp.id)));
}

async function recordRound(
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
