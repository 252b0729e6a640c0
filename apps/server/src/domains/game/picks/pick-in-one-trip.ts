import { RESCHEDULE_WINDOW_DAYS } from '@lastman/game';
import { type SQL, sql } from 'drizzle-orm';
import { sessionMember } from '../../../db/acting-club.ts';
import type { Db } from '../../../db/client.ts';
import { prepared } from '../../../db/prepared.ts';
import { fixtures, teams } from '../football/schema.ts';
import { competitions, entries, picks, resultCorrections, roundSettlements } from '../schema.ts';

/**
 * The guard of a player's own pick (see pickInOneTrip): one row, with the deadline it checked,
 * when every check passes for the entry, round and team given (parameters, or columns of a batch),
 * the entry being `user`'s of `club`. `from` comes before the entry (`... CROSS JOIN `), `columns`
 * are selected before the guard's own.
 */
function pickGuard(p: { from: SQL; columns: SQL; club: SQL; user: SQL; entry: SQL; round: SQL; team: SQL }) {
  const { club, round, team } = p;
  // The fixtures as the feed has them: a round with any of the club's corrections goes the full way
  // (one probe of the club's corrections, not one per fixture).
  // London is UTC or an hour ahead: a fixture's London date is its UTC date or the one of an hour later.
  return sql`SELECT ${p.columns}e.club_id, e.competition_id, e.id AS entry_id,
        coalesce(r.first_timed, r.first_kickoff) - make_interval(mins => c.deadline_minutes) AS deadline
      FROM ${p.from}${entries} e
      JOIN ${competitions} c ON c.id = e.competition_id AND c.club_id = ${club}
      CROSS JOIN LATERAL (
        SELECT min(f.kickoff_at) AS first_kickoff,
          min(f.kickoff_at) FILTER (WHERE f.status <> 'postponed') AS first_timed,
          max(((f.kickoff_at AT TIME ZONE 'UTC') + interval '1 hour')::date)
            - min((f.kickoff_at AT TIME ZONE 'UTC')::date) AS spread_days,
          bool_or(f.home_team_id = ${team} OR f.away_team_id = ${team}) AS team_plays
        FROM ${fixtures} f WHERE f.season_id = c.season_id AND f.round = ${round}) r
      WHERE e.club_id = ${club} AND e.id = ${p.entry}
        AND e.user_id = ${p.user} AND e.status = 'active'
        AND c.status IN ('open', 'running') AND c.start_round <= ${round}
        AND r.spread_days <= ${RESCHEDULE_WINDOW_DAYS} AND r.team_plays
        AND coalesce(r.first_timed, r.first_kickoff) - make_interval(mins => c.deadline_minutes)
          > ${sql.placeholder('now')}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM ${resultCorrections} rc JOIN ${fixtures} cf ON cf.id = rc.fixture_id
          WHERE rc.club_id = ${club} AND cf.season_id = c.season_id AND cf.round = ${round})
        AND NOT EXISTS (SELECT 1 FROM ${roundSettlements} rs
          WHERE rs.competition_id = e.competition_id AND rs.club_id = ${club} AND rs.round = ${round})
        AND NOT EXISTS (SELECT 1 FROM ${picks} p
          WHERE p.entry_id = e.id AND p.club_id = ${club} AND p.round <> ${round} AND p.team_id = ${team}
            AND (p.outcome IS NULL OR p.outcome IN ('survived', 'eliminated')))`;
}

/** A pick taken when its guard passed: a new row, or the entry's unsettled pick of the round changed. */
const pickUpsert = {
  target: [picks.entryId, picks.round],
  set: { teamId: sql`excluded.team_id`, auto: false, outcome: null, updatedAt: sql`now()` },
  setWhere: sql`${picks.outcome} IS NULL`,
};

/** The guarded upsert of a player's own pick (see pickInOneTrip), prepared once. */
function pickStatement(db: Db) {
  return prepared(db, 'pick_one_trip', () => {
    const round = sql`${sql.placeholder('round')}::smallint`;
    const team = sql`${sql.placeholder('teamId')}::text`;
    const guard = pickGuard({
      from: sql``,
      columns: sql``,
      club: sql`${sql.placeholder('clubId')}::text`,
      user: sql`${sql.placeholder('userId')}::text`,
      entry: sql`${sql.placeholder('entryId')}::text`,
      round,
      team,
    });
    const checked = db.$with('g', { deadline: sql<Date>`g.deadline` }).as(guard);
    // Every column of picks, in the table's order (an added column makes this fail loudly).
    const row = sql`SELECT ${sql.placeholder('id')}::text, g.club_id, g.competition_id, g.entry_id, ${round},
        ${team}, false, NULL, 0, now(), now() FROM g`;
    const upsert = db
      .insert(picks)
      .select(row)
      .onConflictDoUpdate(pickUpsert)
      .returning({ round: picks.round, auto: picks.auto, outcome: picks.outcome });
    const written = db.$with('ins', { round: sql<number>`ins.round` }).as(upsert.getSQL());
    // The deadline the guard checked, for the answer, as it computed it (the fixtures read once).
    return db
      .with(checked, written)
      .select({
        round: sql<number>`ins.round`,
        auto: sql<boolean>`ins.auto`,
        outcome: sql<(typeof picks.$inferSelect)['outcome']>`ins.outcome`,
        teamName: sql<string>`(SELECT t.name FROM ${teams} t WHERE t.id = ${team})`,
        deadlineMs: sql<number>`extract(epoch FROM g.deadline)::float8 * 1000`.mapWith(Number),
      })
      .from(sql`ins CROSS JOIN g`)
      .prepare('pick_one_trip');
  });
}

/**
 * A player's own pick in one round trip, for the common case only: the insert or change happens
 * only when every check the full path makes is certain to pass (nothing is returned otherwise, and
 * the caller then runs the full path, which says why or takes the pick). It is written only when:
 * the entry is the player's, active, of an open or running competition of the club, the round is
 * at or past the competition's start and not settled; the team plays in the round; no fixture of
 * the round can lie outside the three-day window (London dates spread over at most three days, so
 * the round is not void and every fixture counts, as the rules engine's roundModel would find); the
 * club has corrected no fixture of the round (the fixtures count as the feed has them); the
 * deadline (first timed kick-off, less the competition's minutes) is after `now`; and the entry has
 * not used the team in another round (which with reuse cycles is stricter than the rules: such a
 * pick goes the full way). A settled pick is never overwritten, as upsertPick.
 */
export async function pickInOneTrip(
  db: Db,
  values: { clubId: string; userId: string; entryId: string; round: number; teamId: string; now: Date },
) {
  const [row] = await pickStatement(db).execute({
    ...values,
    now: values.now.toISOString(),
    id: crypto.randomUUID(),
  });
  return row;
}

/**
 * pickInOneTrip with the request's session checked in the same statement: the player and their
 * club are the session's member (db/acting-club.ts sessionMember, a session that expires after
 * `fresh`), so a pick is one round trip. Nothing is returned when the session or the pick does not
 * pass; the caller then reads the session as every route does and runs the full path. The picks
 * that arrive in one turn of the event loop go in one statement (flushPicks): at a deadline rush
 * each statement, round trip and commit then serves several players.
 */
export function pickWithSession(
  db: Db,
  values: SessionPick & { fresh: Date; now: Date },
): Promise<TakenPick | undefined> {
  return new Promise((resolve, reject) => {
    const queue = pickQueue(db);
    queue.waiting.push({ ...values, resolve, reject });
    scheduleFlush(db, queue);
  });
}

/** One player's pick for pickWithSession: the request's session token and what it picks. */
export interface SessionPick {
  token: string;
  entryId: string;
  round: number;
  teamId: string;
}

/** The answer to a pick that pickWithSession took. */
export interface TakenPick {
  round: number;
  auto: boolean;
  outcome: (typeof picks.$inferSelect)['outcome'];
  teamName: string;
  deadlineMs: number;
}

/**
 * pickWithSession's statement, for one or several players' picks at once: pickInOneTrip's guard and
 * upsert row by row, each row with its own session (db/acting-club.ts sessionMember), entry, round
 * and team, in one statement.
 * The picks are those of distinct (entry, round) pairs; each row that is taken comes back with its
 * ordinal (`n`, from 1). Rows are written in entry order, so two batches never wait on each other's
 * rows in opposite orders.
 */
function pickBatchStatement(db: Db) {
  return prepared(db, 'pick_batch', () => {
    const batch = db.$with('b', { n: sql<number>`b.n` }).as(
      sql`SELECT * FROM unnest(${sql.placeholder('tokens')}::text[], ${sql.placeholder('entryIds')}::text[],
          ${sql.placeholder('rounds')}::smallint[], ${sql.placeholder('teamIds')}::text[], ${sql.placeholder('ids')}::text[])
          WITH ORDINALITY AS b(token, entry_id, round, team_id, pick_id, n)`,
    );
    const guard = pickGuard({
      from: sql`b CROSS JOIN LATERAL ${sessionMember({
        token: sql`b.token`,
        fresh: sql`${sql.placeholder('fresh')}::timestamptz`,
      })} w CROSS JOIN `,
      columns: sql`b.n, b.pick_id, b.round, b.team_id, `,
      club: sql`w.club_id`,
      user: sql`w.user_id`,
      entry: sql`b.entry_id`,
      round: sql`b.round`,
      team: sql`b.team_id`,
    });
    const checked = db.$with('g', { n: sql<number>`g.n` }).as(guard);
    // Every column of picks, in the table's order (an added column makes this fail loudly).
    const row = sql`SELECT g.pick_id, g.club_id, g.competition_id, g.entry_id, g.round,
        g.team_id, false, NULL, 0, now(), now() FROM g ORDER BY g.entry_id, g.round`;
    const upsert = db.insert(picks).select(row).onConflictDoUpdate(pickUpsert).returning({
      entryId: picks.entryId,
      round: picks.round,
      teamId: picks.teamId,
      auto: picks.auto,
      outcome: picks.outcome,
    });
    const written = db.$with('ins', { round: sql<number>`ins.round` }).as(upsert.getSQL());
    return db
      .with(batch, checked, written)
      .select({
        n: sql<number>`g.n`.mapWith(Number),
        round: sql<number>`ins.round`,
        auto: sql<boolean>`ins.auto`,
        outcome: sql<(typeof picks.$inferSelect)['outcome']>`ins.outcome`,
        teamName: sql<string>`t.name`,
        deadlineMs: sql<number>`extract(epoch FROM g.deadline)::float8 * 1000`.mapWith(Number),
      })
      .from(
        sql`ins JOIN g ON g.entry_id = ins.entry_id AND g.round = ins.round JOIN ${teams} t ON t.id = ins.team_id`,
      )
      .prepare('pick_batch');
  });
}

/** The most picks one statement takes: a rush's burst beyond it goes in several statements. */
const PICK_BATCH_MAX = 64;

interface Waiting extends SessionPick {
  now: Date;
  fresh: Date;
  resolve: (taken: TakenPick | undefined) => void;
  reject: (error: unknown) => void;
}

interface PickQueue {
  waiting: Waiting[];
  /** A flush is due on the next turn of the event loop. */
  scheduled: boolean;
  /** Pick statements sent and not yet answered. */
  inFlight: number;
}

const pickQueues = new WeakMap<Db, PickQueue>();
/**
 * The most pick statements sent and not yet answered: picks arriving meanwhile wait and go together
 * in the next. Unbounded, a rush under load sent many small statements (a few picks each), and
 * each costs the database about what a lone pick does; three keep a database's cores busy while
 * one statement travels (decision 031).
 */
const PICK_STATEMENTS_MAX = 3;

function pickQueue(db: Db): PickQueue {
  let queue = pickQueues.get(db);
  if (!queue) {
    queue = { waiting: [], scheduled: false, inFlight: 0 };
    pickQueues.set(db, queue);
  }
  return queue;
}

function scheduleFlush(db: Db, queue: PickQueue) {
  if (queue.scheduled || queue.waiting.length === 0 || queue.inFlight >= PICK_STATEMENTS_MAX) return;
  queue.scheduled = true;
  setImmediate(() => flushPicks(db, queue));
}

/**
 * Takes the batch's picks in one statement, or, if that statement fails (so none of them was
 * written), each in its own statement, so one pick's error is its own. The batch's `now` and
 * `fresh` are its latest: each pick is checked against a time no earlier than its own, so never
 * more loosely.
 */
async function takeBatch(db: Db, batch: Waiting[]) {
  const latest = (times: Date[]) => new Date(Math.max(...times.map((t) => t.getTime())));
  const now = latest(batch.map((p) => p.now));
  const fresh = latest(batch.map((p) => p.fresh));
  let rows: (TakenPick & { n: number })[];
  try {
    rows = await pickBatchStatement(db).execute({
      tokens: batch.map((p) => p.token),
      entryIds: batch.map((p) => p.entryId),
      rounds: batch.map((p) => p.round),
      teamIds: batch.map((p) => p.teamId),
      ids: batch.map(() => crypto.randomUUID()),
      now: now.toISOString(),
      fresh: fresh.toISOString(),
    });
  } catch (error) {
    if (batch.length === 1) {
      batch[0]?.reject(error);
      return;
    }
    for (const p of batch) void takeBatch(db, [p]);
    return;
  }
  const taken = new Map(rows.map(({ n, ...row }) => [n, row]));
  for (const [i, p] of batch.entries()) p.resolve(taken.get(i + 1));
}

/**
 * Sends the picks that arrived since the last turn of the event loop, or since a statement was
 * answered when PICK_STATEMENTS_MAX were in flight: at a rush they share a statement (one round
 * trip, one plan run, one commit), picks of the same entry and round going in separate statements.
 */
function flushPicks(db: Db, queue: PickQueue) {
  queue.scheduled = false;
  while (queue.waiting.length > 0 && queue.inFlight < PICK_STATEMENTS_MAX) {
    const batch: Waiting[] = [];
    const keys = new Set<string>();
    const rest: Waiting[] = [];
    for (const p of queue.waiting) {
      const key = `${p.round}:${p.entryId}`;
      if (batch.length < PICK_BATCH_MAX && !keys.has(key)) {
        keys.add(key);
        batch.push(p);
      } else rest.push(p);
    }
    queue.waiting = rest;
    queue.inFlight++;
    void takeBatch(db, batch).finally(() => {
      queue.inFlight--;
      scheduleFlush(db, queue);
    });
  }
}
