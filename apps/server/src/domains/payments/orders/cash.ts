import {
  ageOn,
  type CashEntryCreate,
  type CashEntryCreated,
  MAX_ORDER_PENCE,
  MIN_AGE_FOR_PAID_ENTRY,
  shortOrderNumber,
} from '@lastman/api';
import { formatPence } from '@lastman/api/format';
import { findMembership } from '../../../db/acting-club.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { lockCompetitionRow, lockPlayerEntries } from '../../../db/competition-locks.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { findUser, insertNameOnlyPlayer } from '../../account/index.ts';
import { countHeldEntries, insertEntries, insertOrder } from './queries.ts';

/**
 * An admin records entries a member paid for in cash at the bar: an order with provider `cash`, paid
 * at once, whose entries are in straight away and count in the pot like any paid entry. The same
 * rules hold as for a card order (open competition, the member's allowance, 18 or over); the admin
 * and their reference are kept on the order.
 */
export async function recordCashEntries(
  services: Pick<Services, 'db' | 'clock'>,
  viewer: Viewer,
  { competitionId, cash: input }: { competitionId: string; cash: CashEntryCreate },
): Promise<CashEntryCreated> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const competition = await lockCompetitionRow(tx, { clubId: viewer.clubId, competitionId });
    if (!competition) throw notFound('That competition');
    const member = await cashPlayer(tx, viewer, input, now);
    if (competition.status !== 'open') {
      throw new AppError('CONFLICT', `This competition is ${competition.status}: it is not taking entries.`);
    }
    if (competition.prizeModel === 'free' || competition.entryFeePence === 0) {
      throw new AppError('CONFLICT', 'This competition is free: the member joins it from the game page.');
    }
    // A name-only player has no date of birth: the admin confirmed they are 18 or over (the schema).
    if (
      member.guestOfClubId === null &&
      (!member.dateOfBirth || ageOn(member.dateOfBirth, now) < MIN_AGE_FOR_PAID_ENTRY)
    ) {
      throw new AppError(
        'CONFLICT',
        `${member.name} must be ${MIN_AGE_FOR_PAID_ENTRY} or over to enter a paid competition${member.dateOfBirth ? '' : ', and their account has no date of birth yet'}.`,
      );
    }
    await lockPlayerEntries(tx, { competitionId, userId: member.id });
    const held = await countHeldEntries(tx, { competitionId, userId: member.id }, now);
    const left = competition.maxEntriesPerPlayer - held;
    if (input.entries > left) {
      throw new AppError(
        'CONFLICT',
        left <= 0
          ? `${member.name} already has the maximum of ${competition.maxEntriesPerPlayer} in this competition.`
          : `${member.name} can have ${left} more in this competition (at most ${competition.maxEntriesPerPlayer} per player).`,
      );
    }
    const amountPence = competition.entryFeePence * input.entries;
    if (amountPence > MAX_ORDER_PENCE) {
      throw new AppError('CONFLICT', `That is ${formatPence(amountPence)}: record fewer entries at once.`);
    }
    const order = await insertOrder(tx, {
      clubId: viewer.clubId,
      competitionId,
      userId: member.id,
      status: 'paid',
      entryCount: input.entries,
      unitPricePence: competition.entryFeePence,
      amountPence,
      currency: 'gbp',
      provider: 'cash',
      reference: input.reference?.trim() || null,
      recordedBy: viewer.userId,
      paidAt: now,
      expiresAt: now,
    });
    const created = await insertEntries(tx, order, input.entries, 'active');
    return {
      orderId: order.id,
      shortNumber: shortOrderNumber(order.id),
      amountPence,
      entryIds: created.map((e) => e.id),
      userId: member.id,
    };
  });
}

/**
 * Who the cash entries are for: a member of the club, or a name-only player made now, in the same
 * transaction, so a refused entry leaves no stray person behind.
 */
async function cashPlayer(tx: DbOrTx, viewer: Viewer, input: CashEntryCreate, now: Date) {
  if ('playerName' in input) {
    return insertNameOnlyPlayer(tx, { clubId: viewer.clubId, name: input.playerName.trim(), now });
  }
  const member = await findUser(tx, { userId: input.userId });
  const membership = member && (await findMembership(tx, { userId: member.id, clubId: viewer.clubId }));
  // A name-only player of this club can be given more entries later, by their id.
  if (!member || !(membership || member.guestOfClubId === viewer.clubId)) throw notFound('That member');
  return member;
}
