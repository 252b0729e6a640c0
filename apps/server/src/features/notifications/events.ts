import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { competitions, entries, picks, teams } from '../../db/schema/index.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { Clock } from '../../lib/clock.ts';
import { notify, notifyUsers } from './notify.ts';
import { openClubIds, switchDeploymentAlert } from './queries.ts';

// The game's and the admin's events as notifications: each called inside the event's transaction.

type Ctx = { db: DbOrTx; clock: Clock };

const gameLink = '/app/tabs/game';

/** Each entry's result once its round settles, and the winners once the competition is decided. */
export async function notifyRoundsSettled(
  ctx: Ctx,
  {
    competitionId,
    rounds,
    finished,
  }: { competitionId: string; rounds: readonly number[]; finished: boolean },
) {
  if (rounds.length === 0) return;
  const [comp] = await sqlRows<{ club_id: string; name: string }>(
    ctx.db,
    sql`SELECT club_id, name FROM ${competitions} WHERE id = ${competitionId}`,
  );
  if (!comp) return;
  for (const round of rounds) {
    const rows = await sqlRows<{
      user_id: string;
      status: string;
      eliminated_round: number | null;
      outcome: string | null;
      team: string | null;
    }>(
      ctx.db,
      sql`SELECT e.user_id, e.status, e.eliminated_round, p.outcome, t.name AS team
          FROM ${entries} e
          LEFT JOIN ${picks} p ON p.entry_id = e.id AND p.round = ${round}
          LEFT JOIN ${teams} t ON t.id = p.team_id
          WHERE e.club_id = ${comp.club_id} AND e.competition_id = ${competitionId}
            AND (e.status IN ('active', 'won') OR e.eliminated_round = ${round})`,
    );
    await notifyUsers(ctx, {
      clubId: comp.club_id,
      kind: 'results',
      title: `${comp.name}: round ${round} results`,
      body: '',
      link: gameLink,
      messages: rows.map((r) => ({
        userId: r.user_id,
        body:
          r.eliminated_round === round
            ? `${r.team ? `${r.team} did not win` : 'No pick'}: you are out of ${comp.name}. Thanks for playing.`
            : r.outcome === 'void'
              ? `Round ${round} was void: everyone still in goes through.`
              : `${r.team ?? 'Your pick'} came through: you are still in.`,
      })),
    });
  }
  if (finished) {
    const winners = await sqlRows<{ user_id: string }>(
      ctx.db,
      sql`SELECT DISTINCT user_id FROM ${entries} WHERE competition_id = ${competitionId} AND status = 'won'`,
    );
    await notifyUsers(ctx, {
      clubId: comp.club_id,
      kind: 'results',
      title: `${comp.name} is decided`,
      body: `You won ${comp.name}! The club will be in touch about the prize.`,
      link: gameLink,
      messages: winners.map((w) => ({ userId: w.user_id })),
    });
  }
}

/** A competition opened for entries: every member hears of it. */
export async function notifyCompetitionOpened(ctx: Ctx, { clubId, name }: { clubId: string; name: string }) {
  await notify(ctx, {
    clubId,
    audience: 'members',
    kind: 'results',
    title: `${name} is open`,
    body: `A new Last Man Standing competition, ${name}, is open for entries.`,
    link: gameLink,
  });
}

/** Something for the club's admins: a contact message, a payment issue, a flagged competition. */
export async function notifyAdmins(
  ctx: Ctx,
  { clubId, title, body, link }: { clubId: string; title: string; body: string; link: string },
) {
  await notify(ctx, { clubId, audience: 'admins', kind: 'admin', title, body, link });
}

/**
 * A problem of the deployment itself (every club's, not one club's), told to the admins of every
 * open club when it starts (`active`) and again when it ends, once each however many server
 * processes see it: the state last told is kept in the database, and only the process that changes
 * it tells. An end is told only after a start was. True when this call told the admins.
 */
export async function alertEveryClubsAdmins(
  ctx: { db: Db; clock: Clock },
  {
    problem,
    active,
    title,
    body,
    link,
  }: { problem: string; active: boolean; title: string; body: string; link: string },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.clock.now();
    const changed = await switchDeploymentAlert(tx, {
      name: `alert:${problem}`,
      state: active ? 'on' : 'off',
      at,
    });
    if (!changed) return false;
    for (const clubId of await openClubIds(tx)) {
      await notifyAdmins({ db: tx, clock: ctx.clock }, { clubId, title, body, link });
    }
    return true;
  });
}
