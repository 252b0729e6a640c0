import type { CompetitionCreate, CompetitionDetail, CompetitionUpdate, EntryView } from '@lastman/api';
import { EDITABLE_WHILE_OPEN } from '@lastman/api';
import { competitionRoundOf } from '@lastman/api/game/rules';
import { roundDeadline } from '@lastman/game';
import type { DbOrTx } from '../../../db/client.ts';
import { lockCompetitionAdvisory, lockPlayerEntries } from '../../../db/competition-locks.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { requireClubCanTakePayments } from '../../payments/index.ts';
import { findSeason, listSeasonFixtures, seasonModel } from '../fixtures/index.ts';
import { notifyCompetitionOpened } from '../notices.ts';
import { compileRounds, firstLockingRound } from '../settlement/index.ts';
import {
  type CompetitionRow,
  countMyEntries,
  findCompetition,
  insertCompetition,
  insertEntry,
  refundPaidEntries,
  updateCompetition,
} from './queries.ts';
import {
  buyBackColumns,
  buyBackOf,
  buyBackPriced,
  type CompetitionServices,
  competitionDetail,
  rulesOf,
  visibleCompetition,
} from './views.ts';

/** Checks a competition's settings against its season; returns the season model. */
async function checkSettings(
  db: DbOrTx,
  clubId: string,
  s: Pick<
    CompetitionRow,
    | 'seasonId'
    | 'startRound'
    | 'prizeModel'
    | 'entryFeePence'
    | 'prizePence'
    | 'houseSharePercent'
    | 'buyBackUntilRound'
  >,
) {
  const season = await findSeason(db, { seasonId: s.seasonId });
  if (!season) throw new AppError('VALIDATION_FAILED', 'That season does not exist.');
  const model = seasonModel(await listSeasonFixtures(db, { clubId, seasonId: s.seasonId }));
  if (!model.byLabel.has(s.startRound)) {
    const last = model.rounds[model.rounds.length - 1]?.round ?? 0;
    throw new AppError(
      'VALIDATION_FAILED',
      `The starting round must be a round of the season (1 to ${last}).`,
    );
  }
  if (s.buyBackUntilRound !== null) {
    // Told in the competition's own rounds, as the admin gives the window.
    const last = model.rounds[model.rounds.length - 1]?.round ?? 0;
    const until = competitionRoundOf(s.startRound, s.buyBackUntilRound);
    const lastOwn = competitionRoundOf(s.startRound, last);
    if (until < 1) {
      throw new AppError(
        'VALIDATION_FAILED',
        "A buy-back window must take in at least the competition's first round: choose 1 or more, or turn buy-backs off.",
      );
    }
    if (s.buyBackUntilRound > last) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Buy-backs in the competition's first ${until} rounds: from gameweek ${s.startRound} the season has only ${lastOwn} (it ends at gameweek ${last}). Choose ${lastOwn} or fewer.`,
      );
    }
  }
  if (s.prizeModel === 'free' && s.entryFeePence !== 0) {
    throw new AppError('VALIDATION_FAILED', 'A free competition has no entry fee: set the fee to 0.');
  }
  if (s.prizeModel !== 'free' && s.entryFeePence === 0) {
    throw new AppError('VALIDATION_FAILED', 'A paid competition needs an entry fee; choose "free" for none.');
  }
  if (s.prizeModel !== 'pool' && s.houseSharePercent !== 0) {
    throw new AppError('VALIDATION_FAILED', 'The house share applies only to a pool prize: set it to 0.');
  }
  if (s.prizeModel === 'pool' && s.prizePence !== 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A pool prize grows with the entries: leave the fixed prize at 0.',
    );
  }
  return model;
}

export async function createCompetition(
  services: CompetitionServices,
  viewer: Viewer,
  input: CompetitionCreate,
): Promise<CompetitionDetail> {
  const id = await services.db.transaction(async (tx) => {
    const { buyBack, ...rest } = input;
    const values = {
      ...rest,
      ...buyBackColumns(buyBackPriced(buyBack, rest), rest.startRound),
      clubId: viewer.clubId,
      status: 'draft' as const,
    };
    await checkSettings(tx, viewer.clubId, values);
    const row = await insertCompetition(tx, values);
    return row.id;
  });
  return competitionDetail(services, viewer, { competitionId: id });
}

/** A value as JSON with its object keys sorted: jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export async function editCompetition(
  services: CompetitionServices,
  viewer: Viewer,
  { competitionId: id, changes }: { competitionId: string; changes: CompetitionUpdate },
): Promise<CompetitionDetail> {
  await services.db.transaction(async (tx) => {
    const comp = await findCompetition(tx, { clubId: viewer.clubId, competitionId: id });
    if (!comp) throw notFound('That competition');
    // A buy-back given without a price costs the entry fee, the edited one if the fee changes too.
    const input: CompetitionUpdate =
      changes.buyBack === undefined
        ? changes
        : {
            ...changes,
            buyBack: buyBackPriced(changes.buyBack, {
              entryFeePence: changes.entryFeePence ?? comp.entryFeePence,
              prizeModel: changes.prizeModel ?? comp.prizeModel,
            }),
          };
    if (comp.status !== 'draft') {
      // Players entered under these rules, this fee and these rounds: only the words may change.
      const current: CompetitionUpdate = { ...comp, rules: rulesOf(comp), buyBack: buyBackOf(comp) };
      const locked = (Object.keys(input) as (keyof CompetitionUpdate)[]).filter(
        (key) =>
          !(EDITABLE_WHILE_OPEN as readonly string[]).includes(key) &&
          canonical(input[key]) !== canonical(current[key]),
      );
      if (comp.status === 'finished' || comp.status === 'cancelled') {
        throw new AppError(
          'COMPETITION_NOT_EDITABLE',
          `This competition is ${comp.status}: it can no longer be edited.`,
        );
      }
      const livesChanged = input.rules !== undefined && input.rules.lives !== current.rules?.lives;
      if (livesChanged || locked.includes('buyBack')) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Lives and buy-backs are fixed once a competition opens: players entered under them. This competition is ${comp.status}; to offer other ones, create a new competition.`,
        );
      }
      if (locked.length > 0) {
        throw new AppError(
          'COMPETITION_NOT_EDITABLE',
          `This competition is ${comp.status}: only its name and description can change now, not its rules, fee or rounds (${locked.join(', ')}).`,
        );
      }
      const words = Object.fromEntries(
        Object.entries(input).filter(([key]) => (EDITABLE_WHILE_OPEN as readonly string[]).includes(key)),
      );
      if (Object.keys(words).length > 0) {
        await updateCompetition(tx, { clubId: viewer.clubId, competitionId: id }, words);
      }
      return;
    }
    // An empty edit changes nothing: answered with the competition as it is, not an empty UPDATE.
    if (Object.keys(input).length === 0) return;
    const { buyBack, ...rest } = input;
    // The window is in the competition's own rounds: a new starting round moves it along.
    const window =
      buyBack !== undefined
        ? buyBackPriced(buyBack, { ...comp, ...rest })
        : rest.startRound !== undefined
          ? buyBackOf(comp)
          : undefined;
    const columns =
      window === undefined
        ? rest
        : { ...rest, ...buyBackColumns(window, rest.startRound ?? comp.startRound) };
    await checkSettings(tx, viewer.clubId, { ...comp, ...columns });
    await updateCompetition(tx, { clubId: viewer.clubId, competitionId: id }, columns);
  });
  return competitionDetail(services, viewer, { competitionId: id });
}

export async function openCompetition(
  services: CompetitionServices & Pick<Services, 'config' | 'registries'>,
  viewer: Viewer,
  { competitionId: id }: { competitionId: string },
): Promise<CompetitionDetail> {
  const now = services.clock.now().getTime();
  await services.db.transaction(async (tx) => {
    const comp = await findCompetition(tx, { clubId: viewer.clubId, competitionId: id });
    if (!comp) throw notFound('That competition');
    if (comp.status !== 'draft') {
      throw new AppError('COMPETITION_NOT_EDITABLE', `This competition is already ${comp.status}.`);
    }
    const model = await checkSettings(tx, viewer.clubId, comp);
    // Stripe Connect: entry fees and paid buy-backs need the club's own account, able to take card payments.
    if (comp.entryFeePence > 0 || (comp.prizeModel !== 'free' && (comp.buyBackPricePence ?? 0) > 0)) {
      await requireClubCanTakePayments(tx, services.config, { clubId: viewer.clubId });
    }
    const first = firstLockingRound(compileRounds(comp, model));
    const deadline = first ? roundDeadline(first, comp.deadlineMinutes) : null;
    if (deadline === null || now >= deadline) {
      throw new AppError(
        'ROUND_NOT_OPEN',
        `Round ${first?.round ?? comp.startRound} has already locked. Choose a later starting round.`,
      );
    }
    await updateCompetition(tx, { clubId: viewer.clubId, competitionId: id }, { status: 'open' });
    await notifyCompetitionOpened(
      { db: tx, clock: services.clock, registries: services.registries },
      { clubId: viewer.clubId, name: comp.name },
    );
  });
  return competitionDetail(services, viewer, { competitionId: id });
}

export async function cancelCompetition(
  services: CompetitionServices,
  viewer: Viewer,
  { competitionId: id }: { competitionId: string },
): Promise<CompetitionDetail> {
  await services.db.transaction(async (tx) => {
    // Serialised with the settlement job, which may be settling this competition.
    await lockCompetitionAdvisory(tx, id);
    const comp = await findCompetition(tx, { clubId: viewer.clubId, competitionId: id });
    if (!comp) throw notFound('That competition');
    if (comp.status === 'finished' || comp.status === 'cancelled') {
      throw new AppError('COMPETITION_NOT_EDITABLE', `This competition is already ${comp.status}.`);
    }
    await updateCompetition(tx, { clubId: viewer.clubId, competitionId: id }, { status: 'cancelled' });
    await refundPaidEntries(tx, { clubId: viewer.clubId, competitionId: id });
  });
  return competitionDetail(services, viewer, { competitionId: id });
}

export async function enterCompetition(
  services: CompetitionServices,
  viewer: Viewer,
  { competitionId: id }: { competitionId: string },
): Promise<EntryView> {
  const now = services.clock.now().getTime();
  return services.db.transaction(async (tx) => {
    // One entry at a time per player and competition, so the allowance cannot be overrun.
    await lockPlayerEntries(tx, { competitionId: id, userId: viewer.userId });
    const comp = await visibleCompetition(tx, viewer, id);
    if (comp.status !== 'open') {
      throw new AppError(
        'COMPETITION_NOT_OPEN',
        comp.status === 'running'
          ? 'This competition has started: entries closed when its first round locked.'
          : `This competition is ${comp.status}: it does not take entries.`,
      );
    }
    const model = seasonModel(
      await listSeasonFixtures(tx, { clubId: viewer.clubId, seasonId: comp.seasonId }),
    );
    const first = firstLockingRound(compileRounds(comp, model));
    const deadline = first ? roundDeadline(first, comp.deadlineMinutes) : null;
    if (deadline === null || now >= deadline) {
      throw new AppError('COMPETITION_NOT_OPEN', 'Entries closed when the first round locked.');
    }
    if (comp.prizeModel !== 'free') {
      throw new AppError(
        'PAYMENT_REQUIRED',
        'This competition has an entry fee: buy your entries with an order (card payment).',
      );
    }
    const mine = await countMyEntries(tx, {
      clubId: viewer.clubId,
      competitionId: comp.id,
      userId: viewer.userId,
    });
    if (mine >= comp.maxEntriesPerPlayer) {
      throw new AppError(
        'ENTRY_LIMIT_REACHED',
        `You already have ${mine} ${mine === 1 ? 'entry' : 'entries'}, the most this competition allows.`,
      );
    }
    const entry = await insertEntry(tx, {
      clubId: viewer.clubId,
      competitionId: comp.id,
      userId: viewer.userId,
      status: 'active',
    });
    return {
      id: entry.id,
      competitionId: comp.id,
      status: entry.status,
      createdAt: entry.createdAt.toISOString(),
    };
  });
}
