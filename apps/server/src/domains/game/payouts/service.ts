import type { CompetitionReviewList, PayoutCreate, PayoutSummary } from '@lastman/api';
import { payoutMethodLabels } from '@lastman/api';
import { formatDate, formatPence } from '@lastman/api/format';
import { londonDay } from '@lastman/api/time';
import { splitPot } from '@lastman/game';
import type { DbOrTx } from '../../../db/client.ts';
import { lockCompetitionAdvisory } from '../../../db/competition-locks.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { notifyAdmins } from '../../notifications/index.ts';
import { type CompetitionRow, findCompetition, potOf } from '../competitions/index.ts';
import {
  countConfirmedEntries,
  findEntry,
  insertAudit,
  insertPayout,
  listAudit,
  listPayouts,
  listReviews,
  listWinners,
  payoutTotals,
  setReview,
} from './queries.ts';

/** A payout may be dated a little ahead of the server's clock (clocks differ), never later. */
const FUTURE_SLACK_MS = 5 * 60_000;

type PayoutServices = Pick<Services, 'db' | 'clock'>;

export type Winner = Awaited<ReturnType<typeof listWinners>>[number];

/** The winners now, each with their share of the pot; none unless the competition is finished. */
async function winnerShares(tx: DbOrTx, comp: CompetitionRow) {
  if (comp.status !== 'finished') return { winners: [], potPence: 0, remainderPence: 0 };
  const winners = await listWinners(tx, { clubId: comp.clubId, competitionId: comp.id });
  const confirmed = await countConfirmedEntries(tx, { clubId: comp.clubId, competitionId: comp.id });
  const potPence = potOf(comp, confirmed.entries, confirmed.boughtBack);
  const split = splitPot(
    potPence,
    winners.map((w) => w.entryId),
  );
  return {
    winners: winners.map((w) => ({ ...w, sharePence: split.payouts[w.entryId] ?? 0 })),
    potPence,
    remainderPence: split.remainderPence,
  };
}

/** What has been recorded as paid to the entry, of the competition's payouts. */
function paidTo(paid: readonly { entryId: string; amountPence: number }[], entryId: string): number {
  return paid.filter((p) => p.entryId === entryId).reduce((sum, p) => sum + p.amountPence, 0);
}

async function clubCompetition(tx: DbOrTx, viewer: Viewer, id: string): Promise<CompetitionRow> {
  const comp = await findCompetition(tx, { clubId: viewer.clubId, competitionId: id });
  if (!comp) throw notFound('That competition');
  return comp;
}

async function summaryOf(tx: DbOrTx, comp: CompetitionRow): Promise<PayoutSummary> {
  const shares = await winnerShares(tx, comp);
  const paid = await listPayouts(tx, { clubId: comp.clubId, competitionId: comp.id });
  const winnerIds = new Set(shares.winners.map((w) => w.entryId));
  const audit = await listAudit(tx, { clubId: comp.clubId, competitionId: comp.id });
  return {
    competitionId: comp.id,
    finished: comp.status === 'finished',
    potPence: shares.potPence,
    remainderPence: shares.remainderPence,
    winners: shares.winners.map((w) => {
      const paidPence = paidTo(paid, w.entryId);
      return {
        entryId: w.entryId,
        userId: w.userId,
        playerName: w.playerName,
        sharePence: w.sharePence,
        paidPence,
        owedPence: Math.max(0, w.sharePence - paidPence),
      };
    }),
    payouts: paid.map((p) => ({
      id: p.id,
      entryId: p.entryId,
      userId: p.userId,
      playerName: p.playerName,
      amountPence: p.amountPence,
      paidAt: p.paidAt.toISOString(),
      method: p.method,
      reference: p.reference,
      recordedBy: { id: p.recordedById, name: p.recordedByName },
      createdAt: p.createdAt.toISOString(),
      toWinner: winnerIds.has(p.entryId),
    })),
    review:
      comp.needsReviewReason !== null
        ? { reason: comp.needsReviewReason, at: (comp.needsReviewAt ?? comp.updatedAt).toISOString() }
        : null,
    audit: audit.map((a) => ({
      id: a.id,
      kind: a.kind,
      message: a.message,
      at: a.createdAt.toISOString(),
      byName: a.byName,
    })),
  };
}

export async function payoutSummary(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  { competitionId }: { competitionId: string },
): Promise<PayoutSummary> {
  return services.db.transaction(async (tx) =>
    summaryOf(tx, await clubCompetition(tx, viewer, competitionId)),
  );
}

/** Records a prize the club paid: only to a winner of a finished competition, and never over their share. */
export async function recordPayout(
  services: PayoutServices,
  viewer: Viewer,
  { competitionId, payout: input }: { competitionId: string; payout: PayoutCreate },
): Promise<PayoutSummary> {
  const now = services.clock.now().getTime();
  return services.db.transaction(async (tx) => {
    // Serialised with settlement and result corrections, which may change the winners.
    await lockCompetitionAdvisory(tx, competitionId);
    const comp = await clubCompetition(tx, viewer, competitionId);
    if (comp.status !== 'finished') {
      throw new AppError(
        'COMPETITION_NOT_FINISHED',
        `This competition is ${comp.status}: prizes can be recorded once it has finished and its winners are known.`,
      );
    }
    const entry = await findEntry(tx, {
      clubId: viewer.clubId,
      competitionId: comp.id,
      entryId: input.entryId,
    });
    if (!entry) throw notFound('That entry');
    const shares = await winnerShares(tx, comp);
    const winner = shares.winners.find((w) => w.entryId === entry.id);
    if (!winner) {
      throw new AppError(
        'NOT_A_WINNER',
        `${entry.playerName}'s entry did not win this competition: only its winners can be paid a prize.`,
      );
    }
    if (!entry.emailVerified) {
      // Prize money goes to a person whose address is confirmed, so it can be traced to them.
      throw new AppError(
        'EMAIL_NOT_VERIFIED',
        `${entry.playerName} has not confirmed their email address yet: ask them to tap "Verify email" on their Account page, then record the payout.`,
      );
    }
    const paidAt = new Date(input.paidAt);
    if (paidAt.getTime() > now + FUTURE_SLACK_MS) {
      throw new AppError(
        'VALIDATION_FAILED',
        'A payout cannot be dated in the future: give the day it was paid.',
      );
    }
    const already = paidTo(
      await listPayouts(tx, { clubId: viewer.clubId, competitionId: comp.id }),
      entry.id,
    );
    const left = winner.sharePence - already;
    if (input.amountPence > left) {
      throw new AppError(
        'PAYOUT_EXCEEDS_SHARE',
        left <= 0
          ? `${winner.playerName}'s share of ${formatPence(winner.sharePence)} has already been paid in full.`
          : `${winner.playerName}'s share is ${formatPence(winner.sharePence)}${already > 0 ? ` and ${formatPence(already)} has already been paid` : ''}: at most ${formatPence(left)} can be recorded.`,
      );
    }
    const reference = input.reference?.trim() ?? '';
    await insertPayout(tx, {
      clubId: viewer.clubId,
      competitionId: comp.id,
      entryId: entry.id,
      userId: entry.userId,
      amountPence: input.amountPence,
      paidAt,
      method: input.method,
      reference,
      recordedBy: viewer.userId,
      createdAt: new Date(now),
    });
    await insertAudit(tx, {
      clubId: viewer.clubId,
      competitionId: comp.id,
      kind: 'payout_recorded',
      message: `${formatPence(input.amountPence)} paid to ${winner.playerName} by ${payoutMethodLabels[input.method].toLowerCase()} on ${formatDate(londonDay(paidAt))}${reference ? ` (reference ${reference})` : ''}.`,
      detail: { entryId: entry.id, amountPence: input.amountPence, method: input.method, reference },
      userId: viewer.userId,
      createdAt: new Date(now),
    });
    return summaryOf(tx, comp);
  });
}

export async function clearReview(
  services: PayoutServices,
  viewer: Viewer,
  { competitionId }: { competitionId: string },
): Promise<PayoutSummary> {
  const now = services.clock.now().getTime();
  return services.db.transaction(async (tx) => {
    await lockCompetitionAdvisory(tx, competitionId);
    const comp = await clubCompetition(tx, viewer, competitionId);
    if (comp.needsReviewReason === null) {
      throw new AppError('CONFLICT', 'This competition is not flagged for review.');
    }
    await setReview(tx, { clubId: viewer.clubId, competitionId: comp.id }, null);
    await insertAudit(tx, {
      clubId: viewer.clubId,
      competitionId: comp.id,
      kind: 'review_cleared',
      message: `Review cleared. It was flagged because: ${comp.needsReviewReason}`,
      detail: { reason: comp.needsReviewReason },
      userId: viewer.userId,
      createdAt: new Date(now),
    });
    return summaryOf(tx, { ...comp, needsReviewReason: null, needsReviewAt: null });
  });
}

export async function reviewsOf(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
): Promise<CompetitionReviewList> {
  const rows = await listReviews(services.db, { clubId: viewer.clubId });
  return {
    reviews: rows.map((r) => ({
      competitionId: r.competitionId,
      name: r.name,
      reason: r.reason ?? '',
      at: (r.at ?? new Date(0)).toISOString(),
    })),
  };
}

/** The winners before a correction re-settles a competition, to compare with those after. */
export async function winnersBefore(
  tx: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
): Promise<Winner[]> {
  return listWinners(tx, { clubId, competitionId });
}

function describeWinners(list: readonly Winner[]): string {
  if (list.length === 0) return 'no winner yet';
  const counts = new Map<string, number>();
  for (const w of list) counts.set(w.playerName, (counts.get(w.playerName) ?? 0) + 1);
  const names = [...counts].map(([name, n]) => (n > 1 ? `${name} (${n} entries)` : name));
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export interface CorrectionFacts {
  fixture: string;
  round: number;
  old: string;
  new: string;
  /** Who corrected it; null for the football feed. */
  userId: string | null;
}

/**
 * After a result correction re-settled a competition: if its winners changed and a payout was already
 * recorded, the competition is flagged for the admin and the audit log says why.
 */
export async function flagIfWinnersChanged(
  tx: DbOrTx,
  { registries }: Pick<Services, 'registries'>,
  {
    clubId,
    competitionId,
    before,
    correction,
    now,
  }: {
    clubId: string;
    competitionId: string;
    before: readonly Winner[];
    correction: CorrectionFacts;
    /** The correction's time: the caller's transaction already read the clock. */
    now: number;
  },
): Promise<boolean> {
  const after = await listWinners(tx, { clubId, competitionId });
  const key = (l: readonly Winner[]) =>
    l
      .map((w) => w.entryId)
      .sort()
      .join(',');
  if (key(before) === key(after)) return false;
  const paid = await payoutTotals(tx, { clubId, competitionId });
  if (paid.count === 0) return false;
  const reason =
    `The result of ${correction.fixture} (round ${correction.round}) was corrected from ${correction.old} ` +
    `to ${correction.new}. The winners changed from ${describeWinners(before)} to ${describeWinners(after)}, ` +
    `after ${formatPence(paid.pence)} had been recorded as paid out.`;
  const at = new Date(now);
  await setReview(tx, { clubId, competitionId }, { reason, at });
  await notifyAdmins(
    { db: tx, clock: { now: () => at }, registries },
    { clubId, title: 'A competition needs review', body: reason.slice(0, 300), link: '/admin' },
  );
  await insertAudit(tx, {
    clubId,
    competitionId,
    kind: 'winners_changed',
    message: reason,
    detail: {
      fixture: correction.fixture,
      round: correction.round,
      old: correction.old,
      new: correction.new,
      winnersBefore: before.map((w) => w.entryId),
      winnersAfter: after.map((w) => w.entryId),
      paidPence: paid.pence,
    },
    userId: correction.userId,
    createdAt: at,
  });
  return true;
}
