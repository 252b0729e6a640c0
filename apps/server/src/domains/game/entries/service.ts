import type { AdminEntryList, AdminEntryView, EntryKnockedOut, EntryKnockOut, PaidHow } from '@lastman/api';
import { removalText } from '@lastman/api';
import { formatPence } from '@lastman/api/format';
import type { DbOrTx } from '../../../db/client.ts';
import { lockCompetitionAdvisory } from '../../../db/competition-locks.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { executeRefund, recordEntriesRefund } from '../../payments/index.ts';
import { type CompetitionRow, findCompetition } from '../competitions/index.ts';
import { listSeasonFixtures, seasonModel } from '../fixtures/index.ts';
import { notifyEntryKnockedOut, notifyEntryReinstated } from '../notices.ts';
import { publicPickRounds } from '../picks/index.ts';
import { listPicksOfEntries } from '../picks/queries.ts';
import { advanceCompetition, compileRounds, firstUnsettledRound, unsettleFrom } from '../settlement/index.ts';
import { buyBackWindow } from './buy-back-window.ts';
import {
  type CompetitionEntryRow,
  findCompetitionEntry,
  insertEntryAudit,
  listCompetitionEntries,
  setRemoval,
} from './queries.ts';

type EntriesAdminServices = Pick<Services, 'db' | 'clock'>;
type KnockOutServices = Pick<Services, 'db' | 'clock' | 'notifier' | 'payments' | 'mailer' | 'registries'>;

async function clubCompetition(
  db: DbOrTx,
  viewer: Viewer,
  { competitionId }: { competitionId: string },
): Promise<CompetitionRow> {
  const comp = await findCompetition(db, { clubId: viewer.clubId, competitionId });
  if (!comp) throw notFound('That competition');
  return comp;
}

function paidHow(row: Pick<CompetitionEntryRow, 'orderId' | 'provider'>): PaidHow {
  if (row.orderId === null) return 'free';
  if (row.provider === 'cash') return 'cash';
  if (row.provider === 'test') return 'test';
  return 'card';
}

const inPlay = (comp: Pick<CompetitionRow, 'status'>) => comp.status === 'open' || comp.status === 'running';

/**
 * What a refund of the entry would give back now, or null: a paid entry not refunded yet, that has not
 * played a settled round, or that the club knocked out while the competition is in play.
 */
function refundPence(
  r: CompetitionEntryRow,
  played: boolean,
  comp: Pick<CompetitionRow, 'status'>,
): number | null {
  if (r.orderId === null || r.unitPricePence === null || r.unitPricePence <= 0) return null;
  if (r.orderStatus !== 'paid' && r.orderStatus !== 'partially_refunded') return null;
  if (r.status !== 'active' && r.status !== 'eliminated' && r.status !== 'won') return null;
  const removedNow = r.status === 'eliminated' && r.eliminatedRound === r.removedFromRound;
  return !played || (removedNow && inPlay(comp)) ? r.unitPricePence : null;
}

async function entryViews(
  db: DbOrTx,
  viewer: Viewer,
  { competitionId, search }: { competitionId: string; search?: string | undefined },
  comp: CompetitionRow,
  now: number,
): Promise<AdminEntryView[]> {
  const rows = await listCompetitionEntries(db, { clubId: viewer.clubId, competitionId, search });
  const compiled =
    comp.buyBackUntilRound !== null && comp.status === 'running'
      ? compileRounds(
          comp,
          seasonModel(await listSeasonFixtures(db, { clubId: viewer.clubId, seasonId: comp.seasonId })),
        )
      : null;
  const offerOf = (r: CompetitionEntryRow) => {
    const window = compiled ? buyBackWindow(comp, compiled, r, now) : null;
    return window?.ok
      ? { pricePence: window.free ? 0 : window.pricePence, closesAt: new Date(window.closesAt).toISOString() }
      : null;
  };
  const picks = await listPicksOfEntries(db, { clubId: viewer.clubId, entryIds: rows.map((r) => r.id) });
  // Admins who play see others' picks when the players do: after the round's deadline. Their own
  // entries, and the name-only players' the club picks for, show in full.
  const open = await publicPickRounds(db, {
    clubId: viewer.clubId,
    competition: comp,
    rounds: picks.map((p) => p.round),
    now,
  });
  const shownIn = new Set(rows.filter((r) => r.userId === viewer.userId || r.nameOnly).map((r) => r.id));
  const picksOf = new Map<string, AdminEntryView['picks']>();
  for (const { entryId, teamId: _teamId, ...pick } of picks) {
    const shown = open.has(pick.round) || shownIn.has(entryId);
    picksOf.set(entryId, [...(picksOf.get(entryId) ?? []), shown ? pick : { ...pick, teamName: null }]);
  }
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    playerName: r.playerName,
    nameOnly: r.nameOnly,
    tillReference: r.provider === 'cash' ? r.orderReference : null,
    entryNumber: r.entryNumber,
    status: r.status,
    eliminatedRound: r.eliminatedRound,
    picks: picksOf.get(r.id) ?? [],
    paidHow: paidHow(r),
    orderId: r.orderId,
    refundPence: refundPence(
      r,
      (picksOf.get(r.id) ?? []).some((p) => p.outcome !== null),
      comp,
    ),
    removed:
      r.removedFromRound === null
        ? null
        : {
            fromRound: r.removedFromRound,
            reason: r.removedReason ?? '',
            byName: r.removedByName,
            at: (r.removedAt ?? new Date(0)).toISOString(),
          },
    boughtBackRound: r.boughtBackRound,
    buyBackOffer: offerOf(r),
  }));
}

/** Who is in a competition: every entry with its player, picks and how it was paid; `search` by name or email. */
export async function competitionEntries(
  services: EntriesAdminServices,
  viewer: Viewer,
  { competitionId, search }: { competitionId: string; search?: string | undefined },
): Promise<AdminEntryList> {
  const { db } = services;
  const comp = await clubCompetition(db, viewer, { competitionId });
  return {
    competitionId,
    knockOutFromRound: inPlay(comp) ? await firstUnsettledRound(db, { competition: comp }) : null,
    entries: await entryViews(
      db,
      viewer,
      { competitionId, search: search || undefined },
      comp,
      services.clock.now().getTime(),
    ),
  };
}

async function oneEntry(
  tx: DbOrTx,
  viewer: Viewer,
  { competitionId, entryId }: { competitionId: string; entryId: string },
  now: number,
) {
  const comp = await clubCompetition(tx, viewer, { competitionId });
  const view = (await entryViews(tx, viewer, { competitionId }, comp, now)).find((e) => e.id === entryId);
  if (!view) throw notFound('That entry');
  return view;
}

/**
 * The club knocks an entry out (a player broke the club's rules). It takes effect from the first round
 * not settled yet: the round being played, or the next to lock. That round's result does not apply to
 * the entry (it is out in that round whatever its pick did); every earlier round stands. Settlement
 * keeps it out through any later re-settlement (see applyRemovals).
 */
export async function knockOut(
  services: KnockOutServices,
  viewer: Viewer,
  {
    competitionId,
    entryId,
    knockOut: input,
  }: { competitionId: string; entryId: string; knockOut: EntryKnockOut },
): Promise<EntryKnockedOut> {
  const now = services.clock.now().getTime();
  const { view, refundId } = await services.db.transaction(async (tx) => {
    await lockCompetitionAdvisory(tx, competitionId);
    const comp = await clubCompetition(tx, viewer, { competitionId });
    const entry = await findCompetitionEntry(tx, { clubId: viewer.clubId, competitionId, entryId });
    if (!entry) throw notFound('That entry');
    if (!inPlay(comp)) {
      throw new AppError(
        'COMPETITION_NOT_EDITABLE',
        `This competition is ${comp.status}: its entries can no longer be knocked out.`,
      );
    }
    if (entry.status !== 'active') {
      throw new AppError(
        'ENTRY_NOT_ACTIVE',
        entry.status === 'pending'
          ? 'This entry is not paid for yet: cancel or refund its order instead.'
          : `This entry is already ${entry.status === 'eliminated' ? 'out' : entry.status}: only an entry still in can be knocked out.`,
      );
    }
    const fromRound = await firstUnsettledRound(tx, { competition: comp });
    const reason = input.reason.trim();
    await setRemoval(
      tx,
      { clubId: viewer.clubId, entryId },
      {
        status: 'eliminated',
        eliminatedRound: fromRound,
        removedFromRound: fromRound,
        removedReason: reason,
        removedBy: viewer.userId,
        removedAt: new Date(now),
      },
    );
    const view = await oneEntry(tx, viewer, { competitionId, entryId }, now);
    await insertEntryAudit(tx, {
      clubId: viewer.clubId,
      competitionId,
      kind: 'entry_removed',
      message: `${view.playerName}'s entry knocked out from round ${fromRound}: ${reason}`,
      detail: { entryId, fromRound, reason },
      userId: viewer.userId,
      createdAt: new Date(now),
    });
    // With the knock-out: the refund is written down here, and asked of the provider after the commit.
    let refundId: string | null = null;
    if (input.refund) {
      if (view.refundPence === null || view.orderId === null) {
        throw new AppError(
          'CONFLICT',
          view.paidHow === 'free'
            ? 'This entry was free: there is nothing to refund.'
            : 'This entry cannot be refunded: its order is not paid, or it is already refunded.',
        );
      }
      refundId = await recordEntriesRefund(tx, {
        clubId: viewer.clubId,
        orderId: view.orderId,
        entryIds: [entryId],
        reason: `Knocked out by the club: ${reason}`,
        actorId: viewer.userId,
        allowPlayed: false,
      });
    }
    await notifyEntryKnockedOut(
      { db: tx, clock: services.clock, registries: services.registries },
      {
        clubId: viewer.clubId,
        userId: entry.userId,
        competitionName: comp.name,
        entryNumber: view.entryNumber,
        reason,
        refund: refundId && view.refundPence !== null ? formatPence(view.refundPence) : null,
      },
    );
    return { view, refundId };
  });
  void services.notifier.kick();
  if (refundId === null) return { ...view, refund: null };
  const row = await executeRefund(services, refundId);
  const after = await oneEntry(services.db, viewer, { competitionId, entryId }, now);
  return {
    ...after,
    refund: {
      amountPence: row?.amountPence ?? view.refundPence ?? 0,
      status: row?.status ?? 'pending',
      failureReason: row?.failureReason ?? null,
    },
  };
}

/**
 * Undoes a knock-out: the entry is back from the round it was removed from, and any round settled
 * since is settled again with it in. An entry the results put out (before its removal took effect, or
 * never removed) is not brought back here: only a corrected result does that.
 */
export async function reinstate(
  services: Pick<Services, 'db' | 'clock' | 'notifier' | 'payments' | 'mailer' | 'registries'>,
  viewer: Viewer,
  { competitionId, entryId }: { competitionId: string; entryId: string },
): Promise<AdminEntryView> {
  const now = services.clock.now().getTime();
  const { view, refundIds } = await services.db.transaction(async (tx) => {
    await lockCompetitionAdvisory(tx, competitionId);
    const comp = await clubCompetition(tx, viewer, { competitionId });
    const entry = await findCompetitionEntry(tx, { clubId: viewer.clubId, competitionId, entryId });
    if (!entry) throw notFound('That entry');
    const fromRound = entry.removedFromRound;
    if (fromRound === null || entry.status !== 'eliminated' || entry.eliminatedRound !== fromRound) {
      const byResult = entry.status === 'eliminated' && entry.eliminatedRound !== null;
      throw new AppError(
        'ENTRY_NOT_REMOVED',
        byResult
          ? `This entry went out on the result of round ${entry.eliminatedRound}, not by the club: correct that result to bring it back.`
          : 'This entry was not knocked out by the club: there is nothing to undo.',
      );
    }
    if (!inPlay(comp)) {
      throw new AppError(
        'COMPETITION_NOT_EDITABLE',
        `This competition is ${comp.status}: its entries can no longer be reinstated.`,
      );
    }
    const reason = entry.removedReason ?? '';
    await setRemoval(
      tx,
      { clubId: viewer.clubId, entryId },
      {
        status: 'active',
        eliminatedRound: null,
        removedFromRound: null,
        removedReason: null,
        removedBy: null,
        removedAt: null,
      },
    );
    // Rounds settled without it since the removal are settled again with it in.
    let refundIds: string[] = [];
    if (await unsettleFrom(tx, { competition: comp, fromRound })) {
      refundIds = (await advanceCompetition(tx, { competitionId, now })).refunds ?? [];
    }
    const view = await oneEntry(tx, viewer, { competitionId, entryId }, now);
    await insertEntryAudit(tx, {
      clubId: viewer.clubId,
      competitionId,
      kind: 'entry_reinstated',
      message: `${view.playerName}'s entry reinstated (${removalText({ fromRound, reason })})`,
      detail: { entryId, fromRound, reason },
      userId: viewer.userId,
      createdAt: new Date(now),
    });
    await notifyEntryReinstated(
      { db: tx, clock: services.clock, registries: services.registries },
      {
        clubId: viewer.clubId,
        userId: entry.userId,
        competitionName: comp.name,
        entryNumber: view.entryNumber,
      },
    );
    return { view, refundIds };
  });
  void services.notifier.kick();
  // Buy-backs the re-settlement made needless: recorded with it, asked of the provider now.
  for (const id of refundIds) await executeRefund(services, id);
  return view;
}
