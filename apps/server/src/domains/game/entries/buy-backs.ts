import {
  ageOn,
  type BuyBackResult,
  type CashBuyBackCreate,
  type CashBuyBackCreated,
  MIN_AGE_FOR_PAID_ENTRY,
} from '@lastman/api';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { lockCompetitionAdvisory } from '../../../db/competition-locks.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { findUser } from '../../account/index.ts';
import {
  applyBuyBack,
  type BuyBackOffer,
  createBuyBackOrder,
  recordCashBuyBack,
} from '../../payments/index.ts';
import { type CompetitionRow, findCompetition } from '../competitions/queries.ts';
import { listSeasonFixtures, seasonModel } from '../fixtures/index.ts';
import { entries } from '../schema.ts';
import { compileRounds } from '../settlement/index.ts';
import { buyBackWindow } from './buy-back-window.ts';
import { insertEntryAudit } from './queries.ts';

type EntryRow = typeof entries.$inferSelect;

/** The entry and its competition, the entry's row locked; only the club's, and only the owner's unless `anyOwner`. */
async function entryAndCompetition(
  tx: DbOrTx,
  viewer: Viewer,
  { entryId, competitionId }: { entryId: string; competitionId?: string },
): Promise<{ entry: EntryRow; comp: CompetitionRow }> {
  const [entry] = await tx
    .select()
    .from(entries)
    .where(and(eq(entries.clubId, viewer.clubId), eq(entries.id, entryId)))
    .for('update');
  if (!entry || (competitionId !== undefined && entry.competitionId !== competitionId)) {
    throw notFound('That entry');
  }
  const comp = await findCompetition(tx, { clubId: viewer.clubId, competitionId: entry.competitionId });
  if (!comp) throw notFound('That entry');
  return { entry, comp };
}

/** The buy-back open to the entry now, or a 409 saying why there is none. */
async function openWindow(tx: DbOrTx, comp: CompetitionRow, entry: EntryRow, now: number) {
  const model = seasonModel(await listSeasonFixtures(tx, { clubId: comp.clubId, seasonId: comp.seasonId }));
  const window = buyBackWindow(comp, compileRounds(comp, model), entry, now);
  if (!window.ok) throw new AppError('CONFLICT', window.reason);
  return window;
}

async function audit(
  tx: DbOrTx,
  viewer: Viewer,
  detail: { competitionId: string; entryId: string; round: number; orderId: string | null; how: string },
  now: Date,
) {
  await insertEntryAudit(tx, {
    clubId: viewer.clubId,
    competitionId: detail.competitionId,
    kind: 'entry_bought_back',
    message: `Entry bought back in after round ${detail.round} (${detail.how})`,
    detail,
    userId: viewer.userId,
    createdAt: now,
  });
}

/**
 * The owner buys their knocked-out entry back in: at once and free when the buy-back costs nothing
 * (or the competition is free), else through the same checkout as entries, 18 or over. The entry
 * comes back when the payment arrives, if its window is still open then.
 */
export async function buyBackEntry(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'payments'>,
  viewer: Viewer,
  { entryId }: { entryId: string },
): Promise<BuyBackResult> {
  const now = services.clock.now();
  const checked = await services.db.transaction(async (tx) => {
    const { entry, comp } = await entryAndCompetition(tx, viewer, { entryId });
    // Someone else's entry is as unknown as one that does not exist.
    if (entry.userId !== viewer.userId) throw notFound('That entry');
    if (!isFreeBuyBack(comp)) {
      const window = await openWindow(tx, comp, entry, now.getTime());
      const me = await findUser(tx, { userId: viewer.userId });
      const dob = me?.dateOfBirth;
      if (!dob || ageOn(dob, now) < MIN_AGE_FOR_PAID_ENTRY) {
        throw new AppError(
          'FORBIDDEN',
          `You must be ${MIN_AGE_FOR_PAID_ENTRY} or over to buy back into a paid competition.`,
        );
      }
      const offer: BuyBackOffer = {
        competitionId: comp.id,
        entryId: entry.id,
        userId: entry.userId,
        round: window.round,
        closesAt: new Date(window.closesAt),
        pricePence: window.pricePence,
      };
      return { kind: 'paid' as const, offer };
    }
    // A free rejoin: serialised with settlement, and applied once whatever the clicks.
    await lockCompetitionAdvisory(tx, comp.id);
    const window = await openWindow(tx, comp, entry, now.getTime());
    await rejoinFree(tx, viewer, { competitionId: comp.id, entryId: entry.id, round: window.round }, now);
    return { kind: 'free' as const };
  });
  if (checked.kind === 'free') return { kind: 'rejoined', entryId };
  const checkout = await createBuyBackOrder(services, viewer, checked.offer);
  return { kind: 'checkout', entryId, checkout };
}

/** A free buy-back (the player's own or recorded by an admin): the entry back at once, once. */
async function rejoinFree(
  tx: DbOrTx,
  viewer: Viewer,
  { competitionId, entryId, round }: { competitionId: string; entryId: string; round: number },
  now: Date,
) {
  const applied = await applyBuyBack(tx, {
    clubId: viewer.clubId,
    competitionId,
    entryId,
    round,
    orderId: null,
  });
  if (!applied) throw new AppError('CONFLICT', 'This entry has already been bought back in.');
  await audit(tx, viewer, { competitionId, entryId, round, orderId: null, how: 'free rejoin' }, now);
}

/** A buy-back costs nothing: a free competition, or a price of 0. */
function isFreeBuyBack(comp: CompetitionRow): boolean {
  return comp.prizeModel === 'free' || comp.buyBackPricePence === 0;
}

/**
 * An admin records a buy-back paid in cash at the bar (a paid cash order, the entry back at once),
 * or, when the buy-back is free, rejoins the entry. The same window and 18+ rule as the player's own.
 */
export async function recordBuyBackByClub(
  services: Pick<Services, 'db' | 'clock'>,
  viewer: Viewer,
  { competitionId, entryId, cash }: { competitionId: string; entryId: string; cash: CashBuyBackCreate },
): Promise<CashBuyBackCreated> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    await lockCompetitionAdvisory(tx, competitionId);
    const { entry, comp } = await entryAndCompetition(tx, viewer, { entryId, competitionId });
    const window = await openWindow(tx, comp, entry, now.getTime());
    if (isFreeBuyBack(comp)) {
      await rejoinFree(tx, viewer, { competitionId, entryId, round: window.round }, now);
      return { entryId, orderId: null, amountPence: 0, round: window.round };
    }
    const member = await findUser(tx, { userId: entry.userId });
    // A name-only player's admin confirmed they are 18 or over when their cash entry was recorded.
    if (
      member?.guestOfClubId == null &&
      (!member?.dateOfBirth || ageOn(member.dateOfBirth, now) < MIN_AGE_FOR_PAID_ENTRY)
    ) {
      throw new AppError(
        'CONFLICT',
        `${member?.name ?? 'This player'} must be ${MIN_AGE_FOR_PAID_ENTRY} or over to buy back into a paid competition${member?.dateOfBirth ? '' : ', and their account has no date of birth yet'}.`,
      );
    }
    const order = await recordCashBuyBack(
      tx,
      viewer,
      {
        competitionId,
        entryId,
        userId: entry.userId,
        round: window.round,
        closesAt: new Date(window.closesAt),
        pricePence: window.pricePence,
        reference: cash.reference?.trim() || null,
      },
      now,
    );
    await audit(
      tx,
      viewer,
      { competitionId, entryId, round: window.round, orderId: order.id, how: 'cash' },
      now,
    );
    return { entryId, orderId: order.id, amountPence: order.amountPence, round: window.round };
  });
}
