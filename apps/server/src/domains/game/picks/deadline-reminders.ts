import { londonWeekdayTime } from '@lastman/api/format';
import { roundDeadline } from '@lastman/game';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import type { Clock } from '../../../lib/clock.ts';
import { notifyUsers } from '../../notifications/index.ts';
import { listSeasonFixtures, seasonModel } from '../fixtures/index.ts';
import { competitions, entries, picks, roundSettlements } from '../schema.ts';
import { compileRounds } from '../settlement/index.ts';
import { reminderSends } from './schema.ts';

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

/** The round each open or running competition is picking for now, and the reminder due for it. */
export async function dueReminders(db: DbOrTx, now: number): Promise<DueReminder[]> {
  const comps = await db
    .select()
    .from(competitions)
    .where(inArray(competitions.status, ['open', 'running']));
  const due: DueReminder[] = [];
  const models = new Map<string, ReturnType<typeof seasonModel>>();
  for (const comp of comps) {
    const modelKey = `${comp.clubId}:${comp.seasonId}`;
    let model = models.get(modelKey);
    if (!model) {
      model = seasonModel(await listSeasonFixtures(db, { clubId: comp.clubId, seasonId: comp.seasonId }));
      models.set(modelKey, model);
    }
    const settled = new Set(
      (
        await db
          .select({ round: roundSettlements.round })
          .from(roundSettlements)
          .where(and(eq(roundSettlements.clubId, comp.clubId), eq(roundSettlements.competitionId, comp.id)))
      ).map((r) => r.round),
    );
    for (const round of compileRounds(comp, model).rounds) {
      if (settled.has(round.round) || round.isVoid) continue;
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

/**
 * Claims the entries a reminder is owed to, in one statement: active entries with no pick for the round,
 * that have not had this reminder. The unique key (entry, round, reminder) makes the claim exactly once
 * across any number of processes: a second process's insert waits for the first and then does nothing.
 */
export async function claimReminderEntries(tx: DbOrTx, r: DueReminder) {
  return sqlRows<{ entry_id: string; user_id: string }>(
    tx,
    sql`WITH claimed AS (
          INSERT INTO ${reminderSends} (club_id, entry_id, round, reminder)
          SELECT e.club_id, e.id, ${r.round}, ${r.reminder}
          FROM ${entries} e
          WHERE e.club_id = ${r.clubId} AND e.competition_id = ${r.competitionId} AND e.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM ${picks} p WHERE p.entry_id = e.id AND p.round = ${r.round})
          ON CONFLICT DO NOTHING
          RETURNING entry_id)
        SELECT c.entry_id, e.user_id FROM claimed c JOIN ${entries} e ON e.id = c.entry_id`,
  );
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

const pickLink = (r: DueReminder, entryId: string) =>
  `/teamselections?competition=${encodeURIComponent(r.competitionId)}&entry=${encodeURIComponent(entryId)}&round=${r.round}`;

export interface ReminderPassSummary {
  due: number;
  sent: number;
}

/** One pass of the reminder job; safe to run in every process at once. */
export async function runReminderPass({ db, clock }: { db: Db; clock: Clock }): Promise<ReminderPassSummary> {
  const now = clock.now().getTime();
  const due = await dueReminders(db, now);
  let sent = 0;
  for (const r of due) {
    await db.transaction(async (tx) => {
      const owed = await claimReminderEntries(tx, r);
      const when = londonWeekdayTime(r.deadline);
      const title =
        r.reminder === 'last-call'
          ? `Last call: pick for ${r.competitionName}`
          : `Pick for ${r.competitionName} by ${when}`;
      const body =
        r.reminder === 'last-call'
          ? `Round ${r.round} locks at ${when} (UK time). Without a pick you may go out.`
          : `You have not picked a team for round ${r.round} yet. Picks close at ${when} (UK time).`;
      await notifyUsers(
        { db: tx, clock },
        {
          clubId: r.clubId,
          kind: 'reminders',
          title,
          body,
          urgent: r.urgent,
          messages: owed.map((o) => ({ userId: o.user_id, link: pickLink(r, o.entry_id) })),
        },
      );
      sent += owed.length;
    });
  }
  return { due: due.length, sent };
}
