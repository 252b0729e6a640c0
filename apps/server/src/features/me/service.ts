import type { Me, ProfileUpdate } from '@lastman/api';
import type { Viewer } from '../../auth/guards.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { toClub } from '../clubs/service.ts';
import {
  deleteMailAndSignInTraces,
  deleteSignInMeans,
  findCredentialHash,
  findUserWithClub,
  listContactMessagesOf,
  listEntriesOf,
  listOrdersOf,
  listPicksOf,
  listRefundsOf,
  listSessionsOf,
  scrubContactMessagesOf,
  updateUser,
} from './queries.ts';

export async function getMe(services: Pick<Services, 'db'>, userId: string): Promise<Me> {
  const row = await findUserWithClub(services.db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  const u = row.user;
  return {
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      image: u.image,
      phoneNumber: u.phoneNumber,
      dateOfBirth: u.dateOfBirth,
      isAnonymous: u.isAnonymous,
    },
    club: toClub(row.club),
    role: u.role,
  };
}

export async function updateProfile(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  input: ProfileUpdate,
): Promise<Me> {
  const values = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.phoneNumber !== undefined && { phoneNumber: input.phoneNumber }),
    ...(input.image !== undefined && { image: input.image }),
  };
  if (Object.keys(values).length > 0) await updateUser(services.db, viewer.userId, values);
  return getMe(services, viewer.userId);
}

/** Everything we hold about the person (GDPR article 15/20), as one JSON document. */
export async function exportData(services: Pick<Services, 'db' | 'clock'>, viewer: Viewer) {
  const { db } = services;
  const me = await getMe(services, viewer.userId);
  const [sessions, contactMessages, orderRows, entryRows, pickRows] = await Promise.all([
    listSessionsOf(db, viewer.userId),
    listContactMessagesOf(db, viewer.clubId, viewer.userId),
    listOrdersOf(db, viewer.clubId, viewer.userId),
    listEntriesOf(db, viewer.clubId, viewer.userId),
    listPicksOf(db, viewer.clubId, viewer.userId),
  ]);
  const refundRows = await listRefundsOf(
    db,
    viewer.clubId,
    orderRows.map((r) => r.order.id),
  );
  const entryList = entryRows.map(({ entry, competitionName }) => ({
    id: entry.id,
    competitionId: entry.competitionId,
    competitionName,
    status: entry.status,
    eliminatedRound: entry.eliminatedRound,
    orderId: entry.orderId,
    createdAt: entry.createdAt,
  }));
  const refundList = refundRows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    entryIds: r.entryIds,
    amountPence: r.amountPence,
    reason: r.reason,
    createdAt: r.createdAt,
  }));
  return {
    exportedAt: services.clock.now().toISOString(),
    profile: me.user,
    club: me.club,
    role: me.role,
    sessions,
    contactMessages: contactMessages.map(({ clubId: _c, userId: _u, ...m }) => m),
    orders: orderRows.map(({ order, competitionName }) => ({
      id: order.id,
      competitionId: order.competitionId,
      competitionName,
      status: order.status,
      entryCount: order.entryCount,
      unitPricePence: order.unitPricePence,
      amountPence: order.amountPence,
      refundedPence: order.refundedPence,
      currency: order.currency,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      entries: entryList.filter((e) => e.orderId === order.id),
    })),
    /** What was paid for each order and through which provider, and what came back. */
    payments: orderRows
      .filter(({ order }) => order.paidAt !== null)
      .map(({ order }) => ({
        orderId: order.id,
        provider: order.provider,
        paymentId: order.paymentIntentId,
        amountPence: order.amountPence,
        currency: order.currency,
        paidAt: order.paidAt,
      })),
    refunds: refundList,
    entries: entryList,
    picks: pickRows.map(({ pick, teamName }) => ({
      entryId: pick.entryId,
      competitionId: pick.competitionId,
      round: pick.round,
      teamId: pick.teamId,
      teamName,
      auto: pick.auto,
      outcome: pick.outcome,
      createdAt: pick.createdAt,
    })),
  };
}

/**
 * Removes the person (name, email, phone, date of birth, photo, sign-in means) but keeps the user row
 * as an anonymous id, because orders, payments and entries must be kept as financial records.
 */
export async function deleteAccount(services: Services, viewer: Viewer, password: string): Promise<void> {
  const hash = await findCredentialHash(services.db, viewer.userId);
  const ctx = await services.auth.$context;
  if (!hash || !(await ctx.password.verify({ hash, password }))) {
    throw new AppError('FORBIDDEN', 'That password is not correct.');
  }
  await services.db.transaction(async (tx) => {
    const current = await findUserWithClub(tx, viewer.userId);
    if (current) await deleteMailAndSignInTraces(tx, current.user.email);
    await updateUser(tx, viewer.userId, {
      name: 'Deleted user',
      email: `deleted-${viewer.userId}@anonymous.invalid`,
      emailVerified: false,
      image: null,
      phoneNumber: null,
      dateOfBirth: null,
      isAnonymous: true,
    });
    await scrubContactMessagesOf(tx, viewer.userId);
    await deleteSignInMeans(tx, viewer.userId);
  });
}
