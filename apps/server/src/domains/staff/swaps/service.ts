import type { ShiftSwap, SwapInput } from '@lastman/api';
import { londonWhenWords } from '@lastman/api/format';
import type { DbOrTx } from '../../../db/client.ts';
import { sqlState } from '../../../db/pg-errors.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { notify, notifyUsers } from '../../notifications/index.ts';
import { absenceDuring } from '../leave/queries.ts';
import { staffOfClub } from '../people/queries.ts';
import {
  assignedShiftsStarting,
  overlappingShift,
  reassignShift,
  type ShiftRow,
  shiftById,
} from '../shifts/queries.ts';
import { assertRotaWeeksOpen } from '../timesheets/service.ts';
import {
  insertSwap,
  liveSwapFor,
  moveSwap,
  type SwapRow,
  swapById,
  swapsOf,
  takeOpenSwap,
} from './queries.ts';

// A swap goes: offered (by the shift's owner, to a named colleague) -> accepted (by the colleague)
// -> approved (by an admin, and only then do the shifts change hands). Each step tells the next person.
// A shift given to anyone is offered with no colleague: every other staff member sees it, the first
// to take it is written in as the colleague (accepted), and an admin approves as for any swap.

type Svc = Pick<Services, 'db' | 'clock' | 'notifier' | 'registries'>;

const london = londonWhenWords;
const label = (s: Pick<ShiftRow, 'position' | 'startsAt'>) => `${s.position}, ${london(s.startsAt)}`;
const LINK = '/staffschedules?view=mine';

type Listed = Awaited<ReturnType<typeof swapsOf>>[number];
const iso = (s: { id: string; startsAt: Date; endsAt: Date; position: string } | null) =>
  s?.id && s.startsAt && s.endsAt && s.position !== null
    ? { id: s.id, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), position: s.position }
    : null;

function toSwap(r: Listed): ShiftSwap {
  const shift = iso(r.shift);
  if (!shift) throw new Error('swap without its shift');
  return {
    id: r.swap.id,
    shift,
    otherShift: iso(r.otherShift),
    fromUserId: r.swap.fromUserId,
    fromName: r.fromName,
    toUserId: r.swap.toUserId,
    toName: r.toName,
    status: r.swap.status,
    createdAt: r.swap.createdAt.toISOString(),
  };
}

async function listedSwap(services: Pick<Services, 'db'>, clubId: string, id: string) {
  const rows = await swapsOf(services.db, { clubId });
  const r = rows.find((x) => x.swap.id === id);
  if (!r) throw notFound('The swap');
  return toSwap(r);
}

/** A shift still to come, published, of this person: the only kind that can change hands. */
async function futureShiftOf(
  services: Pick<Services, 'db' | 'clock'>,
  clubId: string,
  shiftId: string,
  userId: string,
  whose: string,
) {
  const s = await shiftById(services.db, { clubId, shiftId });
  if (!s || s.userId !== userId || s.status !== 'published') throw notFound(whose);
  if (s.startsAt <= services.clock.now()) throw new AppError('CONFLICT', 'That shift has already started.');
  return s;
}

export async function offerSwap(
  services: Svc,
  viewer: Viewer,
  { shiftId, input }: { shiftId: string; input: SwapInput },
) {
  const shift = await futureShiftOf(services, viewer.clubId, shiftId, viewer.userId, 'Your shift');
  if (input.toUserId === viewer.userId)
    throw new AppError('BAD_REQUEST', 'Choose a colleague, not yourself.');
  if (input.toUserId === undefined) return offerToAnyone(services, viewer, shift);
  const [colleague] = await staffOfClub(services.db, { clubId: viewer.clubId, userIds: [input.toUserId] });
  if (!colleague) throw new AppError('BAD_REQUEST', 'That person is not on the club’s staff.');
  const other = input.otherShiftId
    ? await futureShiftOf(services, viewer.clubId, input.otherShiftId, input.toUserId, 'Their shift')
    : null;
  for (const s of [shift, other]) {
    if (s && (await liveSwapFor(services.db, { clubId: viewer.clubId, shiftId: s.id })))
      throw new AppError('CONFLICT', `A swap of ${label(s)} is already under way.`);
  }
  // Refused now, not offered, accepted and then refused at approval: someone already working then.
  const busy = await overlappingShift(services.db, {
    clubId: viewer.clubId,
    userId: colleague.userId,
    startsAt: shift.startsAt,
    endsAt: shift.endsAt,
    exceptId: other?.id ?? shift.id,
  });
  if (busy && busy.id !== other?.id)
    throw new AppError(
      'CONFLICT',
      `${colleague.name} is already working then (${label(busy)} to ${london(busy.endsAt)}, London time): offer it to someone else.`,
    );
  if (other) await refuseOverlapFor(services, viewer.clubId, viewer.userId, other, shift.id);
  const id = await services.db.transaction(async (tx) => {
    const row = await insertSwap(tx, {
      clubId: viewer.clubId,
      shiftId: shift.id,
      fromUserId: viewer.userId,
      toUserId: colleague.userId,
      otherShiftId: other?.id ?? null,
    });
    await notifyUsers(
      { db: tx, clock: services.clock, registries: services.registries },
      {
        clubId: viewer.clubId,
        kind: 'rota',
        title: other ? `${viewer.name} asks to swap shifts` : `${viewer.name} offers you a shift`,
        body: other
          ? `Their ${label(shift)} for your ${label(other)} (London time). Accept or decline in the app.`
          : `${label(shift)} to ${london(shift.endsAt)} (London time). Accept or decline in the app.`,
        link: LINK,
        messages: [{ userId: colleague.userId }],
      },
    );
    return row.id;
  });
  void services.notifier.kick();
  return { swap: await listedSwap(services, viewer.clubId, id) };
}

/** The shift up for grabs: every other staff member hears of it, in the same transaction. */
async function offerToAnyone(services: Svc, viewer: Viewer, shift: ShiftRow) {
  if (await liveSwapFor(services.db, { clubId: viewer.clubId, shiftId: shift.id }))
    throw new AppError('CONFLICT', `A swap of ${label(shift)} is already under way.`);
  const staff = await staffOfClub(services.db, { clubId: viewer.clubId });
  const id = await services.db.transaction(async (tx) => {
    const row = await insertSwap(tx, {
      clubId: viewer.clubId,
      shiftId: shift.id,
      fromUserId: viewer.userId,
      toUserId: null,
      otherShiftId: null,
    });
    await notifyUsers(
      { db: tx, clock: services.clock, registries: services.registries },
      {
        clubId: viewer.clubId,
        kind: 'rota',
        title: `${viewer.name} gives away a shift`,
        body: `${label(shift)} to ${london(shift.endsAt)} (London time). The first to take it has it once a manager approves.`,
        link: '/staffschedules?view=swaps',
        messages: staff.filter((p) => p.userId !== viewer.userId).map((p) => ({ userId: p.userId })),
      },
    );
    return row.id;
  });
  void services.notifier.kick();
  return { swap: await listedSwap(services, viewer.clubId, id) };
}

/**
 * A staff member takes a shift given to anyone, unless it is theirs, it clashes with their own
 * shifts or their approved leave, or someone was quicker. A manager approves it next.
 */
async function takeOffer(services: Svc, viewer: Viewer, swap: SwapRow) {
  const clubId = viewer.clubId;
  if (swap.fromUserId === viewer.userId)
    throw new AppError('CONFLICT', 'This is your own shift: withdraw the offer to keep it.');
  const shift = await shiftById(services.db, { clubId, shiftId: swap.shiftId });
  if (!shift || shift.userId !== swap.fromUserId) throw notFound('The shift');
  if (shift.startsAt <= services.clock.now())
    throw new AppError('CONFLICT', 'That shift has already started.');
  await refuseOverlapFor(services, clubId, viewer.userId, shift, null);
  const when = { clubId, userId: viewer.userId, startsAt: shift.startsAt, endsAt: shift.endsAt };
  const leave = await absenceDuring(services.db, { ...when, kind: 'leave' });
  if (leave) throw new AppError('CONFLICT', 'You are on approved leave then, so you cannot take this shift.');
  await services.db.transaction(async (tx) => {
    const taken = await takeOpenSwap(tx, { clubId, id: swap.id, userId: viewer.userId });
    if (!taken)
      throw new AppError('CONFLICT', 'Someone has already taken this shift, or the offer was withdrawn.');
    const n = { db: tx, clock: services.clock, registries: services.registries };
    await notifyUsers(n, {
      clubId,
      kind: 'rota',
      title: `${viewer.name} takes your shift`,
      body: `${label(shift)} (London time). A manager now approves it; until then the shift stays yours.`,
      link: LINK,
      messages: [{ userId: swap.fromUserId }],
    });
    await notify(n, {
      clubId,
      audience: 'admins',
      kind: 'admin',
      title: 'A shift swap waits for your approval',
      body: `${viewer.name} takes a shift given away. Approve or refuse it under Swaps.`,
      link: '/staffschedules?view=swaps',
    });
  });
  void services.notifier.kick();
  return { swap: await listedSwap(services, clubId, swap.id) };
}

/** How far ahead a colleague's shifts are offered to trade for. */
const TRADE_AHEAD_MS = 8 * 7 * 86_400_000;

/**
 * The club's other staff a shift may be offered to: names and their own coming published shifts
 * (the rota staff see anyway), never an email, a date of birth or a rate.
 */
export async function colleagues(
  services: Pick<Services, 'db' | 'clock'>,
  viewer: Viewer,
  forShift?: string,
) {
  const now = services.clock.now();
  const [people, coming, mine] = await Promise.all([
    staffOfClub(services.db, { clubId: viewer.clubId }),
    assignedShiftsStarting(services.db, {
      clubId: viewer.clubId,
      now,
      until: new Date(now.getTime() + TRADE_AHEAD_MS),
    }),
    forShift ? shiftById(services.db, { clubId: viewer.clubId, shiftId: forShift }) : undefined,
  ]);
  if (forShift && (!mine || mine.userId !== viewer.userId)) throw notFound('Your shift');
  // Who works then, however far ahead: a shift is never longer than a day, so those starting in the
  // day before the offered shift's end are all that can overlap it.
  const busy = mine
    ? new Set(
        (
          await assignedShiftsStarting(services.db, {
            clubId: viewer.clubId,
            now: new Date(mine.startsAt.getTime() - 86_400_000),
            until: mine.endsAt,
          })
        )
          .filter((s) => s.endsAt > mine.startsAt && s.id !== mine.id)
          .map((s) => s.userId),
      )
    : null;
  return {
    colleagues: people
      .filter((p) => p.userId !== viewer.userId)
      .map((p) => ({
        userId: p.userId,
        name: p.name,
        ...(busy && { workingThen: busy.has(p.userId) }),
        shifts: coming
          .filter((s) => s.userId === p.userId)
          .map((s) => ({
            id: s.id,
            startsAt: s.startsAt.toISOString(),
            endsAt: s.endsAt.toISOString(),
            position: s.position,
          })),
      })),
  };
}

export async function mySwaps(services: Pick<Services, 'db'>, viewer: Viewer) {
  return {
    swaps: (await swapsOf(services.db, { clubId: viewer.clubId, userId: viewer.userId })).map(toSwap),
  };
}

/** The colleague accepts (then an admin is asked) or declines (the offer ends). */
export async function answerSwap(
  services: Svc,
  viewer: Viewer,
  { id, accept }: { id: string; accept: boolean },
) {
  const swap = await swapById(services.db, { clubId: viewer.clubId, id });
  if (swap && swap.toUserId === null && swap.status === 'offered') {
    if (!accept)
      throw new AppError('CONFLICT', 'This shift is offered to anyone: leave it for someone else to take.');
    return takeOffer(services, viewer, swap);
  }
  if (!swap || swap.toUserId !== viewer.userId) throw notFound('The swap');
  await services.db.transaction(async (tx) => {
    const moved = await moveSwap(tx, {
      clubId: viewer.clubId,
      id,
      from: 'offered',
      to: accept ? 'accepted' : 'declined',
      at: services.clock.now(),
    });
    if (!moved) throw new AppError('CONFLICT', 'This swap has already been answered.');
    const n = { db: tx, clock: services.clock, registries: services.registries };
    await notifyUsers(n, {
      clubId: viewer.clubId,
      kind: 'rota',
      title: accept ? `${viewer.name} accepted your swap` : `${viewer.name} declined your swap`,
      body: accept
        ? 'A manager now approves it; until then the rota stays as it is.'
        : 'Your shift stays yours.',
      link: LINK,
      messages: [{ userId: swap.fromUserId }],
    });
    if (accept) {
      await notify(n, {
        clubId: viewer.clubId,
        audience: 'admins',
        kind: 'admin',
        title: 'A shift swap waits for your approval',
        body: `${viewer.name} accepted a swap. Approve or refuse it on the rota.`,
        link: '/staffschedules?view=swaps',
      });
    }
  });
  void services.notifier.kick();
  return { swap: await listedSwap(services, viewer.clubId, id) };
}

/** The one who offered takes the offer back, while no manager has decided it (accepted or not). */
export async function withdrawSwap(services: Svc, viewer: Viewer, { id }: { id: string }) {
  const swap = await swapById(services.db, { clubId: viewer.clubId, id });
  if (!swap || swap.fromUserId !== viewer.userId) throw notFound('The swap');
  await services.db.transaction(async (tx) => {
    const moved = await moveSwap(tx, {
      clubId: viewer.clubId,
      id,
      from: ['offered', 'accepted'],
      to: 'withdrawn',
      at: services.clock.now(),
    });
    if (!moved) throw new AppError('CONFLICT', 'This swap has already been decided or withdrawn.');
    await notifyUsers(
      { db: tx, clock: services.clock, registries: services.registries },
      {
        clubId: viewer.clubId,
        kind: 'rota',
        title: `${viewer.name} withdrew a swap`,
        body: 'The offer is off: the rota stays as it is.',
        link: LINK,
        messages: swap.toUserId ? [{ userId: swap.toUserId }] : [],
      },
    );
  });
  void services.notifier.kick();
  return { swap: await listedSwap(services, viewer.clubId, id) };
}

export async function clubSwaps(services: Pick<Services, 'db'>, viewer: Viewer) {
  return { swaps: (await swapsOf(services.db, { clubId: viewer.clubId })).map(toSwap) };
}

async function refuseOverlapFor(
  services: Pick<Services, 'db'>,
  clubId: string,
  userId: string,
  s: ShiftRow,
  exceptId: string | null,
) {
  const other = await overlappingShift(services.db, {
    clubId,
    userId,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    exceptId: s.id,
  });
  if (other && other.id !== exceptId)
    throw new AppError(
      'CONFLICT',
      `The swap would overlap another shift for the same person: ${label(other)} to ${london(other.endsAt)} (London time).`,
    );
}

/** An admin approves (the shifts change hands, overlap rule and all) or refuses an accepted swap. */
export async function decideSwap(
  services: Svc,
  viewer: Viewer,
  { id, approve }: { id: string; approve: boolean },
) {
  const found = await swapById(services.db, { clubId: viewer.clubId, id });
  if (!found) throw notFound('The swap');
  const { toUserId } = found;
  if (found.status !== 'accepted' || toUserId === null)
    throw new AppError('CONFLICT', 'Only a swap the colleague has accepted can be approved or refused.');
  const swap = { ...found, toUserId };
  const clubId = viewer.clubId;
  const shift = await shiftById(services.db, { clubId, shiftId: swap.shiftId });
  const other = swap.otherShiftId
    ? await shiftById(services.db, { clubId, shiftId: swap.otherShiftId })
    : null;
  if (approve) {
    if (!shift || shift.userId !== swap.fromUserId || (swap.otherShiftId && other?.userId !== swap.toUserId))
      throw new AppError(
        'CONFLICT',
        'The rota has changed since the swap was offered; it can only be refused.',
      );
    await refuseOverlapFor(services, clubId, swap.toUserId, shift, other?.id ?? null);
    if (other) await refuseOverlapFor(services, clubId, swap.fromUserId, other, shift.id);
  }
  try {
    await services.db.transaction(async (tx) => {
      const moved = await moveSwap(tx, {
        clubId,
        id,
        from: 'accepted',
        to: approve ? 'approved' : 'refused',
        at: services.clock.now(),
      });
      if (!moved) throw new AppError('CONFLICT', 'This swap has already been decided.');
      if (approve && shift) {
        // Both people's weeks of both shifts: an approved timesheet keeps the hours it was approved with.
        const changing = [shift, ...(other ? [other] : [])].flatMap((s) => [
          { userId: swap.fromUserId, startsAt: s.startsAt },
          { userId: swap.toUserId, startsAt: s.startsAt },
        ]);
        await assertRotaWeeksOpen(tx, clubId, changing);
        await handOver(tx, clubId, swap);
      }
      await notifyUsers(
        { db: tx, clock: services.clock, registries: services.registries },
        {
          clubId,
          kind: 'rota',
          title: approve ? 'Shift swap approved' : 'Shift swap refused',
          body: approve
            ? `The rota now shows the swap${shift ? ` of ${label(shift)}` : ''} (London time).`
            : 'A manager refused the swap: the shifts stay as they were.',
          link: LINK,
          messages: [{ userId: swap.fromUserId }, { userId: swap.toUserId }],
        },
      );
    });
  } catch (err) {
    if (sqlState(err) === '23P01')
      throw new AppError('CONFLICT', 'The swap would overlap another shift for the same person.');
    throw err;
  }
  void services.notifier.kick();
  return { swap: await listedSwap(services, clubId, id) };
}

/** Moves the shift (and the one given in exchange); the first is parked unassigned so the two may overlap in time. */
async function handOver(tx: DbOrTx, clubId: string, swap: SwapRow & { toUserId: string }) {
  const fail = () => {
    throw new AppError(
      'CONFLICT',
      'The rota has changed since the swap was offered; it can only be refused.',
    );
  };
  if (!swap.otherShiftId) {
    const moved = await reassignShift(tx, {
      clubId,
      shiftId: swap.shiftId,
      fromUserId: swap.fromUserId,
      toUserId: swap.toUserId,
    });
    if (!moved) fail();
    return;
  }
  const parked = await reassignShift(tx, {
    clubId,
    shiftId: swap.shiftId,
    fromUserId: swap.fromUserId,
    toUserId: null,
  });
  if (!parked) fail();
  const back = await reassignShift(tx, {
    clubId,
    shiftId: swap.otherShiftId,
    fromUserId: swap.toUserId,
    toUserId: swap.fromUserId,
  });
  if (!back) fail();
  await reassignShift(tx, { clubId, shiftId: swap.shiftId, fromUserId: null, toUserId: swap.toUserId });
}
