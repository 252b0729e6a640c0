import { londonWeekdayTime } from '@lastman/api/format';
import { roundDeadline } from '@lastman/game';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Registries } from '../../../lib/registries.ts';
import { notifySet } from '../../notifications/index.ts';
import { listSeasonFixtures, seasonModel } from '../fixtures/index.ts';
import { fixtures, teams } from '../football/schema.ts';
import { competitions, entries, picks, resultCorrections, roundSettlements } from '../schema.ts';
import { compileRounds } from '../settlement/index.ts';

const HOUR = 3_600_000;
/** Each reminder is due from `before` the deadline until the next one's window opens. */
export const REMINDERS = [
  { reminder: '24h', before: 24 * HOUR, until: 2 * HOUR, urgent: false },
  { reminder: '2h', before: 2 * HOUR, until: 30 * 60_000, urgent: false },
  { reminder: 'last-call', before: 30 * 60_000, until: 0, urgent: true },
] as const;
export type ReminderKind = (typeof REMINDERS)[number]['reminder'];

export interface DueReminder {
  clubId: string;
  competitionId: string;
  competitionName: string;
  round: number;
  deadline: number;
  reminder: ReminderKind;
  urgent: boolean;
}

/** A season's model, or a club's own (with its corrections), and what it was made from. */
const modelCache = new Map<string, { fingerprint: string; model: ReturnType<typeof seasonModel> }>();
/** Competitions of the same model, rules and start round have the same rounds: compiled once. */
const roundsCache = new Map<string, { fingerprint: string; rounds: ReturnType<typeof compileRounds> }>();
/** Past this many models or compilations (seasons and clubs gone), the caches start again. */
const CACHE_MAX = 2_000;

/**
 * The round each open or running competition is picking for now, and the reminder due for it. Two
 * reads whatever the number of clubs: the competitions, and in one statement their settled rounds
 * and a fingerprint (an MD5) of what each season model is made from: the season's fixtures (teams,
 * kick-offs, statuses, scores) and, for a club that corrected any, that club's corrections. A model
 * and its compiled rounds are kept between passes while their fingerprint holds, so a pass reads a
 * season's fixtures and compiles its rounds again only after one of them changed.
 */
export async function dueReminders(db: DbOrTx, now: number): Promise<DueReminder[]> {
  const [comps, [state]] = await Promise.all([
    // What the rounds and the reminder need, not the whole row of twenty columns (its timestamps
    // alone are a thousand Dates at 500 clubs).
    db
      .select({
        id: competitions.id,
        clubId: competitions.clubId,
        seasonId: competitions.seasonId,
        name: competitions.name,
        startRound: competitions.startRound,
        rules: competitions.rules,
        deadlineMinutes: competitions.deadlineMinutes,
      })
      .from(competitions)
      .where(inArray(competitions.status, ['open', 'running'])),
    sqlRows<{
      settled: [string, number][];
      seasons: Record<string, string>;
      corrections: Record<string, string>;
    }>(
      db,
      sql`SELECT
        (SELECT coalesce(json_agg(json_build_array(s.competition_id, s.round)), '[]'::json)
          FROM ${roundSettlements} s
          JOIN ${competitions} c ON c.id = s.competition_id AND c.club_id = s.club_id
          WHERE c.status IN ('open', 'running')) AS settled,
        (SELECT coalesce(json_object_agg(x.season_id, x.fingerprint), '{}'::json) FROM (
          SELECT f.season_id, md5(string_agg(concat_ws('|', f.id, f.round, f.home_team_id, h.name,
              f.away_team_id, a.name, f.kickoff_at, f.kickoff_tbc, f.status, f.home_score, f.away_score),
            ',' ORDER BY f.id)) AS fingerprint
          FROM ${fixtures} f
          JOIN ${teams} h ON h.id = f.home_team_id
          JOIN ${teams} a ON a.id = f.away_team_id
          WHERE f.season_id IN (SELECT season_id FROM ${competitions} WHERE status IN ('open', 'running'))
          GROUP BY f.season_id) x) AS seasons,
        (SELECT coalesce(json_object_agg(y.club_id || ':' || y.season_id, y.fingerprint), '{}'::json) FROM (
          SELECT rc.club_id, f.season_id, md5(string_agg(concat_ws('|', rc.id, rc.fixture_id, rc.new_status,
              rc.new_home, rc.new_away, rc.created_at), ',' ORDER BY rc.id)) AS fingerprint
          FROM ${resultCorrections} rc JOIN ${fixtures} f ON f.id = rc.fixture_id
          GROUP BY rc.club_id, f.season_id) y) AS corrections`,
    ),
  ]);
  if (comps.length === 0 || !state) return [];
  const settled = new Set(state.settled.map(([c, r]) => `${c}:${r}`));
  if (modelCache.size > CACHE_MAX) modelCache.clear();
  if (roundsCache.size > CACHE_MAX) roundsCache.clear();
  const models = new Map<string, { fingerprint: string; model: ReturnType<typeof seasonModel> }>();
  const compiled = new Map<string, ReturnType<typeof compileRounds>>();
  const due: DueReminder[] = [];
  for (const comp of comps) {
    // A club's corrections change results, and a postponement can move a round's deadline: a club
    // with a correction in the season gets its own model, every other club shares the season's.
    const ownFingerprint = state.corrections[`${comp.clubId}:${comp.seasonId}`];
    const modelKey = ownFingerprint ? `${comp.clubId}:${comp.seasonId}` : comp.seasonId;
    let model = models.get(modelKey);
    if (!model) {
      const fingerprint = `${state.seasons[comp.seasonId] ?? ''}:${ownFingerprint ?? ''}`;
      model = modelCache.get(modelKey);
      if (model?.fingerprint !== fingerprint) {
        // No club's id matches '': the season's fixtures as imported.
        const clubId = ownFingerprint ? comp.clubId : '';
        const rows = await listSeasonFixtures(db, { clubId, seasonId: comp.seasonId });
        model = { fingerprint, model: seasonModel(rows) };
        modelCache.set(modelKey, model);
      }
      models.set(modelKey, model);
    }
    const roundsKey = `${modelKey}|${comp.startRound}|${JSON.stringify(comp.rules)}`;
    let rounds = compiled.get(roundsKey);
    if (!rounds) {
      const cached = roundsCache.get(roundsKey);
      rounds = cached?.fingerprint === model.fingerprint ? cached.rounds : compileRounds(comp, model.model);
      if (cached?.fingerprint !== model.fingerprint) {
        roundsCache.set(roundsKey, { fingerprint: model.fingerprint, rounds });
      }
      compiled.set(roundsKey, rounds);
    }
    for (const round of rounds.rounds) {
      if (settled.has(`${comp.id}:${round.round}`) || round.isVoid) continue;
      const deadline = roundDeadline(round, comp.deadlineMinutes);
      if (deadline === null || now >= deadline) continue;
      const left = deadline - now;
      const r = REMINDERS.find((x) => left <= x.before && left > x.until);
      if (r) {
        due.push({
          clubId: comp.clubId,
          competitionId: comp.id,
          competitionName: comp.name,
          round: round.round,
          deadline,
          reminder: r.reminder,
          urgent: r.urgent,
        });
      }
      break; // only the round being picked for now
    }
  }
  return due;
}

/** The bare selection the reminder makes, for the benchmark's baseline. */
export async function selectEntriesWithoutPick(
  db: DbOrTx,
  r: Pick<DueReminder, 'clubId' | 'competitionId' | 'round'>,
) {
  return sqlRows<{ entry_id: string; user_id: string }>(
    db,
    sql`SELECT e.id AS entry_id, e.user_id FROM ${entries} e
        WHERE e.club_id = ${r.clubId} AND e.competition_id = ${r.competitionId} AND e.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM ${picks} p WHERE p.entry_id = e.id AND p.round = ${r.round})`,
  );
}

/**
 * The id of an entry's reminder for a round: its notification's id, the same in every process, so
 * that the notification is the claim. The entry's id (a UUID), the round and the reminder, joined by
 * dots: unique as they are, with no hash (an MD5 per reminder, through OpenSSL, was ~15% of a pass's
 * database CPU; docs/decisions/030-reminders-one-row-per-reminder.md).
 */
function reminderId(entryId: SQL, round: SQL, reminder: SQL): SQL {
  return sql`(${entryId} || '.' || ${round} || '.' || ${reminder})`;
}

/** reminderId computed in JS, for tests and tools: the same id as the SQL one. */
export function pickReminderId(entryId: string, round: number, reminder: ReminderKind): string {
  return `${entryId}.${round}.${reminder}`;
}

function reminderText(r: DueReminder) {
  const when = londonWeekdayTime(r.deadline);
  return r.reminder === 'last-call'
    ? {
        title: `Last call: pick for ${r.competitionName}`,
        body: `Round ${r.round} locks at ${when} (UK time). Without a pick you may go out.`,
      }
    : {
        title: `Pick for ${r.competitionName} by ${when}`,
        body: `You have not picked a team for round ${r.round} yet. Picks close at ${when} (UK time).`,
      };
}

export interface ReminderPassSummary {
  due: number;
  sent: number;
}

/**
 * One pass of the reminder job, safe to run in every process at once: every due reminder of every club
 * and competition in one statement. Each entry a reminder is owed to (active, no pick for the round)
 * gets a notification whose id is made of the entry, round and reminder (pickReminderId): that row is
 * the claim, and its push and email deliveries are columns of it. It is written only if the player has
 * no notification with that id (notifySet's `claim`), with deliveries by the player's preferences and
 * quiet hours (the last call ignores them). A second process's insert of the same id waits for the
 * first's and then writes nothing, so each reminder goes once; both write in key order, so two passes
 * never wait on each other both ways.
 */
export async function runReminderPass({
  db,
  clock,
  registries,
}: {
  db: Db;
  clock: Clock;
  registries: Registries;
}): Promise<ReminderPassSummary> {
  const now = clock.now().getTime();
  const due = await dueReminders(db, now);
  if (due.length === 0) return { due: 0, sent: 0 };
  const dueRows = due.map((r) => ({
    club_id: r.clubId,
    competition_id: r.competitionId,
    round: r.round,
    reminder: r.reminder,
    urgent: r.urgent,
    // The pick link, before and after the entry's id (an id() is a UUID: nothing to escape).
    link: `/teamselections?competition=${encodeURIComponent(r.competitionId)}&entry=`,
    link_end: `&round=${r.round}`,
    ...reminderText(r),
  }));
  const result = await db.transaction(async (tx) => {
    // For this transaction (SET LOCAL), in one round trip: no JIT, as the statement's estimated cost
    // passes JIT's threshold from a few thousand entries and compiling it took ~70 ms of a statement
    // run once per pass (docs/decisions/029-reminders-one-row.md); and room for the owed reminders
    // (their texts and links) kept and sorted in key order, which at the default 4 MB spilled to disk
    // from 10,000 entries (~8% of the pass's database CPU at 10,000 and at 100,000; decision 030).
    await tx.execute(sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
    return notifySet(
      { db: tx, clock, registries },
      {
        kind: 'reminders',
        with: sql`due AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(dueRows)}::jsonb) AS d(club_id text,
              competition_id text, round int, reminder text, urgent boolean, link text, link_end text,
              title text, body text)),
          -- Joined by the competition alone (an entry is of its competition's club): the planner
          -- then expects thousands of entries, not the 4 it expected through two columns, and reads
          -- the preferences and devices by hash joins, not an index probe per message. (Giving the
          -- due competitions again as a list, as it once did, no longer changed the plan at 10,000 or
          -- 100,000 entries and cost ~5% of the statement: decision 033.)
          owed AS MATERIALIZED (
            SELECT ${reminderId(sql`e.id`, sql`d.round`, sql`d.reminder`)} AS id, d.club_id, e.user_id,
              d.title, d.body, d.link || e.id || d.link_end AS link, d.urgent
            FROM due d JOIN ${entries} e ON e.competition_id = d.competition_id
            WHERE e.status = 'active'
              AND NOT EXISTS (SELECT 1 FROM ${picks} p WHERE p.entry_id = e.id AND p.round = d.round))`,
        messages: sql`SELECT 0 AS ord, id, club_id, user_id, title, body, link, urgent FROM owed`,
        claim: true,
        countRecipients: false,
      },
    );
  });
  return { due: due.length, sent: result.notified };
}
