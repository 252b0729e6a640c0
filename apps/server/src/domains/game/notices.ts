import { formatPence, londonDateTime } from '@lastman/api/format';
import { roundFateText } from '@lastman/api/game/rules';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../db/sql-rows.ts';
import type { NotificationKind } from '../../lib/registries.ts';
import { type NotifyContext, notify, notifyUsers } from '../notifications/index.ts';
import { teams } from './football/schema.ts';
import { competitions, entries, picks, roundSettlements } from './schema.ts';

// The game's events as notifications to its players: each called inside the event's transaction.

type Ctx = NotifyContext;

/** The game's kinds of notification, first in the preference centre. */
export const GAME_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  {
    kind: 'reminders',
    label: 'Pick reminders',
    defaults: { push: true, email: true, inApp: true },
  },
  {
    kind: 'results',
    label: 'Results and winners',
    defaults: { push: true, email: false, inApp: true },
  },
  // A goal that changes whether a player is through, as the scores stand: off until the member wants it.
  {
    kind: 'match-alerts',
    label: 'Match alerts: a goal that changes whether you are through',
    defaults: { push: false, email: false, inApp: false },
  },
];

const gameLink = '/app/tabs/game';

/** A buy-back open to an entry the results just knocked out: until when, and for how much. */
export interface BuyBackOpen {
  closesAt: number;
  pricePence: number;
  /** A free competition or a price of 0: a rejoin. */
  free: boolean;
}

/** How an entry knocked out may come back in: "You can buy back in once for £3.00 until ...". */
function buyBackText(buyBack: BuyBackOpen): string {
  const until = londonDateTime(buyBack.closesAt);
  const how = buyBack.free
    ? `You can rejoin free until ${until}`
    : `You can buy back in once for ${formatPence(buyBack.pricePence)} until ${until}`;
  return `${how}, from the game screen.`;
}

/**
 * Each entry's result once its round settles, and the winners once the competition is decided.
 * `buyBacks`, by entry id: the knocked-out entries the game says may still buy back in.
 */
export async function notifyRoundsSettled(
  ctx: Ctx,
  {
    competitionId,
    rounds,
    finished,
    buyBacks,
  }: {
    competitionId: string;
    rounds: readonly number[];
    finished: boolean;
    buyBacks?: ReadonlyMap<string, BuyBackOpen> | undefined;
  },
) {
  // Finished with no round settled: a held round's one survivor crowned when its buy-back window closed.
  if (rounds.length === 0 && !finished) return;
  const [comp] = await sqlRows<{ club_id: string; name: string }>(
    ctx.db,
    sql`SELECT club_id, name FROM ${competitions} WHERE id = ${competitionId}`,
  );
  if (!comp) return;
  for (const round of rounds) {
    const [record] = await sqlRows<{ rollover: boolean }>(
      ctx.db,
      sql`SELECT coalesce((record->>'rollover')::boolean, false) AS rollover FROM ${roundSettlements}
          WHERE club_id = ${comp.club_id} AND competition_id = ${competitionId} AND round = ${round}`,
    );
    const rollover = record?.rollover ?? false;
    // Every entry the round decided, numbered as the player's card numbers them (Entry 1, 2, ...).
    const rows = await sqlRows<{
      id: string;
      user_id: string;
      number: number;
      entries: number;
      eliminated_round: number | null;
      bought_back_round: number | null;
      lost_life: boolean;
      lives_left: number;
      outcome: string | null;
      team: string | null;
    }>(
      ctx.db,
      sql`SELECT n.id, n.user_id, n.number, n.entries, n.eliminated_round, n.bought_back_round,
                 n.lost_life, n.lives_left, p.outcome, t.name AS team
          FROM (
            SELECT e.id, e.user_id, e.status, e.eliminated_round, e.bought_back_round, e.removed_from_round,
                   e.lives_left, ${round}::smallint = ANY (e.lives_lost_rounds) AS lost_life,
                   row_number() OVER (PARTITION BY e.user_id ORDER BY e.created_at, e.id)::int AS number,
                   count(*) OVER (PARTITION BY e.user_id)::int AS entries
            FROM ${entries} e
            WHERE e.club_id = ${comp.club_id} AND e.competition_id = ${competitionId} AND e.status <> 'pending'
          ) n
          LEFT JOIN ${picks} p ON p.entry_id = n.id AND p.round = ${round}
          LEFT JOIN ${teams} t ON t.id = p.team_id
          WHERE (n.status IN ('active', 'won') OR n.eliminated_round = ${round})
            -- Out by the club's knock-out, not by the round's result: told when it was made.
            AND n.removed_from_round IS DISTINCT FROM ${round}
          ORDER BY n.user_id, n.number`,
    );
    // One message a player, naming each of their entries' fate in the words of the card.
    const byUser = new Map<string, typeof rows>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    await notifyUsers(ctx, {
      clubId: comp.club_id,
      kind: 'results',
      title: `${comp.name}: round ${round} results`,
      body: '',
      link: gameLink,
      messages: [...byUser.entries()].map(([userId, mine]) => {
        const lines = mine.map((r) => {
          const fate = roundFateText({
            team: r.team,
            outcome: r.outcome,
            out: r.eliminated_round === round,
            lostLife: r.lost_life,
            livesLeft: r.lives_left,
            rollover,
            boughtBack: r.bought_back_round === round,
          });
          return r.entries > 1 ? `Entry ${r.number}: ${fate}.` : `${fate}.`;
        });
        const outs = mine.filter((r) => r.eliminated_round === round && r.bought_back_round !== round);
        const offer = finished
          ? undefined
          : outs.map((r) => buyBacks?.get(r.id)).find((b) => b !== undefined);
        const [only] = mine;
        if (mine.length === 1 && outs.length === 1 && only) {
          const failed = only.team ? `${only.team} did not win` : 'No pick';
          const after = offer ? buyBackText(offer) : 'Thanks for playing.';
          return { userId, body: `${failed}: you are out of ${comp.name}. ${after}` };
        }
        return { userId, body: `${lines.join(' ')}${offer ? ` ${buyBackText(offer)}` : ''}` };
      }),
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

/** "entry #2" when the player has several entries in the competition, else "your entry". */
const entryRef = (entryNumber: number | null) =>
  entryNumber === null ? 'your entry' : `entry #${entryNumber}`;

/** The club knocked an entry out: the player hears why, in the knock-out's own transaction. */
export async function notifyEntryKnockedOut(
  ctx: Ctx,
  input: {
    clubId: string;
    userId: string;
    competitionName: string;
    entryNumber: number | null;
    reason: string;
    /** Set when the entry is refunded with the knock-out: "£5.00". */
    refund: string | null;
  },
) {
  const which = input.entryNumber === null ? 'Your entry' : `Your entry #${input.entryNumber}`;
  await notifyUsers(ctx, {
    clubId: input.clubId,
    kind: 'results',
    title: `${input.competitionName}: ${input.entryNumber === null ? 'your entry is out' : `entry #${input.entryNumber} is out`}`,
    body: `${which} was knocked out by the club: ${input.reason}${input.refund ? `. The club is refunding your ${input.refund}.` : ''}`,
    link: gameLink,
    messages: [{ userId: input.userId }],
  });
}

/** The club undid its knock-out: the entry is back in. */
export async function notifyEntryReinstated(
  ctx: Ctx,
  input: { clubId: string; userId: string; competitionName: string; entryNumber: number | null },
) {
  await notifyUsers(ctx, {
    clubId: input.clubId,
    kind: 'results',
    title: `${input.competitionName}: ${entryRef(input.entryNumber)} is back in`,
    body: `The club undid its knock-out: ${entryRef(input.entryNumber)} is back in ${input.competitionName}.`,
    link: gameLink,
    messages: [{ userId: input.userId }],
  });
}

export interface CorrectedEntry {
  userId: string;
  entryNumber: number | null;
  /** Where the entry stands now: out (eliminated), in (still playing) or won. */
  now: 'out' | 'in' | 'won';
  /** The entry's pick that decided it, with how that team did in the corrected match (if it played in it). */
  pick: { team: string; did: 'won' | 'drew' | 'lost' | null } | null;
}

/**
 * An admin's correction of a result changed entries' fate: each player whose entry it put out or
 * brought back hears it, in the correction's transaction. `result` is "Chelsea FC 1–2 Arsenal FC".
 */
export async function notifyCorrectedEntries(
  ctx: Ctx,
  input: { clubId: string; competitionName: string; result: string; entries: readonly CorrectedEntry[] },
) {
  await notifyUsers(ctx, {
    clubId: input.clubId,
    kind: 'results',
    title: `${input.competitionName}: a result was corrected`,
    body: '',
    link: gameLink,
    messages: input.entries.map((e) => {
      const which = entryRef(e.entryNumber);
      const why = e.pick?.did ? `your pick ${e.pick.team} ${e.pick.did}, so ` : '';
      const what =
        e.now === 'out'
          ? `${which} is out`
          : e.now === 'won'
            ? `${which} has won ${input.competitionName}! The club will be in touch about the prize`
            : `${which} is back in`;
      return {
        userId: e.userId,
        body: `A result was corrected: ${input.result}; ${why}${what}.`,
      };
    }),
  });
}
