import { type CompiledCompetition, type RoundAnalysis, teamOutcome } from '@lastman/game';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import type { SeasonModel } from '../fixtures/index.ts';
import { type CompetitionRules, entries, picks, type RoundRecord } from '../schema.ts';
import {
  applyRemovals,
  type Competition,
  crown,
  finish,
  mayStillBuyBack,
  recordRound,
  undoNeedlessBuyBacks,
} from './round-records.ts';

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

/** What each step of a round's settlement works on: the round, its entries' counts and its SQL pieces. */
interface Step {
  tx: DbOrTx;
  comp: Competition;
  rules: CompetitionRules;
  R: number;
  clubId: string;
  compId: string;
  active: number;
  others: number;
  cycles: boolean;
  teamsCte: SQL;
  cycleCte: SQL;
}

type Tally = { survivors: number; counted: number };

type Fixtures = RoundRecord['fixtures'];

/** Settles one round of one competition, step by step, in the caller's transaction. */
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

  if (round.isVoid) return settleVoidRound(tx, ctx, { R, isLast, active, fixtures: fixturesRecord });

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

  const step: Step = { tx, comp, rules, R, clubId, compId, active, others, cycles, teamsCte, cycleCte };

  // 1. Each active entry's own pick: counted if its team plays and was not used in its cycle.
  const marked = await markPicks(step);
  let survivors = marked?.survivors ?? 0;
  const counted = marked?.counted ?? 0;

  // 2. Picks of active entries that could not count (the team no longer plays, or was used).
  if (counted < active) await markInvalidPicks(step);

  // 3. Auto-picks for active entries with no counted pick: the first usable team in the engine's order.
  if (rules.missedPick === 'autoPick' && counted < active) {
    const auto = await autoPick(step);
    survivors += auto?.survivors ?? 0;
  }

  // 4. Lives: an active entry whose pick did not survive (or that had none) and has a life left loses
  // it and stays in. Everyone out needs every entry failed with no life left, so this never undoes.
  const livesLost = (rules.lives ?? 0) > 0 && survivors < active ? await loseLives(step) : 0;
  survivors += livesLost;

  // 5. Who goes out: after the picks and lives, the all-out rule, then the last one standing.
  const out = await knockOut(step, survivors, livesLost);
  return recordPlayedRound(step, ctx, { isLast, table, fixtures: fixturesRecord, livesLost, ...out });
}

/** A void round: every pick void, nobody out. */
async function settleVoidRound(
  tx: DbOrTx,
  ctx: RoundContext,
  { R, isLast, active, fixtures }: { R: number; isLast: boolean; active: number; fixtures: Fixtures },
): Promise<RoundOutcome> {
  const { comp } = ctx;
  const clubId = comp.clubId;
  const compId = comp.id;
  await tx.execute(sql`UPDATE ${picks} SET outcome = 'void'
    WHERE club_id = ${clubId} AND competition_id = ${compId} AND round = ${R}`);
  const winners = isLast ? await crown(tx, comp) : [];
  await recordRound(tx, comp, R, 'void', ctx.now, {
    outcomes: {},
    fixtures,
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

async function markPicks({ tx, R, clubId, compId, active, others, cycles, teamsCte, cycleCte }: Step) {
  let marked: Tally | undefined;
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
  return marked;
}

async function markInvalidPicks({ tx, R, clubId, compId }: Step): Promise<void> {
  await tx.execute(sql`UPDATE ${picks} p SET outcome = 'invalid'
    FROM ${entries} e
    WHERE p.club_id = ${clubId} AND p.competition_id = ${compId} AND p.round = ${R} AND p.outcome IS NULL
      AND e.id = p.entry_id AND e.status = 'active'`);
}

async function autoPick({ tx, R, clubId, compId, teamsCte, cycleCte }: Step): Promise<Tally | undefined> {
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
  return auto;
}

/** The number of entries that lost a life and stayed in. */
async function loseLives({ tx, R, clubId, compId }: Step): Promise<number> {
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
  return saved?.n ?? 0;
}

interface Knockout {
  rollover: boolean;
  split: boolean;
  eliminated: number;
  remaining: number;
  boughtBack: string[];
}

async function knockOut(
  { tx, comp, rules, R, clubId, compId, active }: Step,
  survivors: number,
  livesLost: number,
): Promise<Knockout> {
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
  return { rollover, split, eliminated, remaining, boughtBack };
}

/** Undoes needless buy-backs, holds or crowns, and records the played round. */
async function recordPlayedRound(
  { tx, comp, R, active }: Step,
  ctx: RoundContext,
  {
    isLast,
    table,
    fixtures,
    livesLost,
    rollover,
    split,
    eliminated,
    remaining,
    boughtBack,
  }: Knockout & {
    isLast: boolean;
    table: ReturnType<typeof teamTable>;
    fixtures: Fixtures;
    livesLost: number;
  },
): Promise<RoundOutcome> {
  const { c } = ctx;
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
    fixtures,
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
