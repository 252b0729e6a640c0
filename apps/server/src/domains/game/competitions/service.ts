import type {
  BuyBack,
  BuyBackInput,
  CompetitionCreate,
  CompetitionDetail,
  CompetitionRules,
  CompetitionSummary,
  CompetitionUpdate,
  EntryView,
  GameScreen,
  RoundInfo,
  RuleDescriptionList,
} from '@lastman/api';
import { EDITABLE_WHILE_OPEN, GAME_SCREEN_STATUSES, ruleDescriptions } from '@lastman/api';
import { competitionRoundOf, seasonRoundOf } from '@lastman/api/rules';
import { poolPotPence, type RoundAnalysis, roundDeadline, ruleValues, splitPot } from '@lastman/game';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { lockCompetitionAdvisory, lockPlayerEntries } from '../../../db/competition-locks.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { clubForViewer } from '../../club/index.ts';
import { requireClubCanTakePayments } from '../../payments/index.ts';
import { buyBackWindow } from '../entries/buy-back-window.ts';
import { findSeason, iso, listSeasonFixtures, type SeasonModel, seasonModel } from '../fixtures/index.ts';
import { notifyCompetitionOpened } from '../notices.ts';
import { lostLife } from '../picks/lost-life.ts';
import { listPicksOfEntries } from '../picks/queries.ts';
import type { RoundRecord } from '../schema.ts';
import { compileRounds, firstLockingRound } from '../settlement/index.ts';
import {
  type CompetitionRow,
  correctionOuts,
  countMyEntries,
  type EntryCounts,
  entryCounts,
  findCompetition,
  insertCompetition,
  insertEntry,
  listCompetitions,
  listMyEntries,
  listSettlements,
  listStandings,
  refundPaidEntries,
  updateCompetition,
} from './queries.ts';

type CompetitionServices = Pick<Services, 'db' | 'clock'>;

const STANDINGS_LIMIT = 1000;

type Settlement = Awaited<ReturnType<typeof listSettlements>>[number];

/** Season models for one request, loaded once per season. */
function seasonCache(db: DbOrTx, clubId: string) {
  const cache = new Map<string, Promise<SeasonModel>>();
  return (seasonId: string) => {
    let model = cache.get(seasonId);
    if (!model) {
      model = listSeasonFixtures(db, { clubId, seasonId }).then(seasonModel);
      cache.set(seasonId, model);
    }
    return model;
  };
}

/** The competition's rules as the contract gives them: `lives` is 0 in rows written before lives existed. */
export function rulesOf(comp: Pick<CompetitionRow, 'rules'>): CompetitionRules {
  return { ...comp.rules, lives: comp.rules.lives ?? 0 };
}

/**
 * The competition's buy-back offer as the contract gives it (its window in the competition's own
 * rounds: 1 is its first), or null when it has none. The row keeps the window's last season round,
 * which the settlement and the engine work in.
 */
export function buyBackOf(
  comp: Pick<CompetitionRow, 'startRound' | 'buyBackUntilRound' | 'buyBackPricePence'>,
): BuyBack | null {
  return comp.buyBackUntilRound === null || comp.buyBackPricePence === null
    ? null
    : {
        untilRound: competitionRoundOf(comp.startRound, comp.buyBackUntilRound),
        pricePence: comp.buyBackPricePence,
      };
}

/**
 * A buy-back as the admin gave it, its price filled in: left out, it is the entry fee (0 in a free
 * competition, whose buy-back is a free rejoin).
 */
export function buyBackPriced(
  buyBack: BuyBackInput | null,
  comp: { entryFeePence: number; prizeModel: string },
): BuyBack | null {
  if (buyBack === null) return null;
  const fee = comp.prizeModel === 'free' ? 0 : comp.entryFeePence;
  return { untilRound: buyBack.untilRound, pricePence: buyBack.pricePence ?? fee };
}

/** The columns of a buy-back offer (both null for none): its window's last round of the season. */
function buyBackColumns(buyBack: BuyBack | null, startRound: number) {
  return {
    buyBackUntilRound: buyBack ? seasonRoundOf(startRound, buyBack.untilRound) : null,
    buyBackPricePence: buyBack?.pricePence ?? null,
  };
}

/**
 * The pot: a pool is the confirmed entries' fees and the buy-backs' prices, less the house share,
 * rounded down (as the engine's replay counts it); a fixed or free competition's prize is set.
 */
export function potOf(comp: CompetitionRow, confirmed: number, boughtBack = 0): number {
  if (comp.prizeModel === 'pool') {
    return poolPotPence(
      confirmed * comp.entryFeePence + boughtBack * (comp.buyBackPricePence ?? 0),
      comp.houseSharePercent,
    );
  }
  return comp.prizePence;
}

/** The round being played or next to lock, or the final one; null when there is none. */
function currentRoundOf(
  comp: CompetitionRow,
  model: SeasonModel,
  settled: ReadonlySet<number>,
  rounds: readonly RoundAnalysis[],
) {
  if (comp.status === 'finished' && comp.finalRound !== null)
    return model.byLabel.get(comp.finalRound) ?? null;
  if (comp.status === 'cancelled') return null;
  return rounds.find((r) => !settled.has(r.round)) ?? null;
}

/**
 * The round a player picks for now: the first unsettled round whose deadline is still ahead. It is
 * the current round until that locks; while a locked round waits for its results (up to 48 hours),
 * it is the next one, so nobody misses a deadline for want of a screen to pick on.
 */
function pickRoundOf(
  comp: CompetitionRow,
  settled: ReadonlySet<number>,
  rounds: readonly RoundAnalysis[],
  now: number,
): { round: RoundAnalysis; deadline: number } | null {
  if (comp.status !== 'open' && comp.status !== 'running') return null;
  for (const round of rounds) {
    if (settled.has(round.round)) continue;
    const deadline = roundDeadline(round, comp.deadlineMinutes);
    if (deadline !== null && now < deadline) return { round, deadline };
  }
  return null;
}

function summaryOf(
  comp: CompetitionRow,
  model: SeasonModel,
  seasonName: string,
  settled: ReadonlySet<number>,
  counts: EntryCounts | undefined,
  now: number,
): CompetitionSummary {
  const rounds = comp.status === 'cancelled' ? [] : compileRounds(comp, model).rounds;
  const current = currentRoundOf(comp, model, settled, rounds);
  const pick = pickRoundOf(comp, settled, rounds, now);
  return {
    id: comp.id,
    name: comp.name,
    description: comp.description,
    status: comp.status,
    prizeModel: comp.prizeModel,
    entryFeePence: comp.entryFeePence,
    potPence: potOf(comp, counts?.total ?? 0, counts?.boughtBack ?? 0),
    seasonId: comp.seasonId,
    seasonName,
    startRound: comp.startRound,
    currentRound: current?.round ?? null,
    deadline: current ? iso(roundDeadline(current, comp.deadlineMinutes)) : null,
    pickRound: pick?.round.round ?? null,
    pickDeadline: pick ? iso(pick.deadline) : null,
    entriesTotal: counts?.total ?? 0,
    entriesRemaining: counts?.remaining ?? 0,
    myEntries: counts?.mine ?? 0,
    maxEntriesPerPlayer: comp.maxEntriesPerPlayer,
  };
}

async function seasonNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) names.set(id, (await findSeason(db, { seasonId: id }))?.name ?? '');
  return names;
}

export async function competitionsOf(
  services: CompetitionServices,
  viewer: Viewer,
): Promise<CompetitionSummary[]> {
  return summariesOf(services, {
    clubId: viewer.clubId,
    userId: viewer.userId,
    includeDrafts: viewer.role === 'admin',
  });
}

/**
 * What anyone may see of a club's open and running competitions (a visitor the club of their link,
 * a member their own): the entry fee, the pot and the next deadline. Nobody's entries or picks.
 */
export async function publicCompetitions(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  viewer: Viewer | null,
  query: { club?: string | undefined },
): Promise<CompetitionSummary[]> {
  const club = await clubForViewer(services.db, {
    slug: viewer ? undefined : query.club,
    userClubId: viewer?.clubId,
    defaultSlug: services.config.DEFAULT_CLUB,
  });
  const all = await summariesOf(services, { clubId: club.id, userId: null, includeDrafts: false });
  return all.filter((c) => c.status === 'open' || c.status === 'running');
}

async function summariesOf(
  services: CompetitionServices,
  { clubId, userId, includeDrafts }: { clubId: string; userId: string | null; includeDrafts: boolean },
): Promise<CompetitionSummary[]> {
  const { db } = services;
  const now = services.clock.now().getTime();
  const rows = await listCompetitions(db, { clubId, includeDrafts });
  const counts = new Map((await entryCounts(db, { clubId, userId })).map((c) => [c.competitionId, c]));
  const settlements = await listSettlements(db, {
    clubId,
    competitionIds: rows.map((r) => r.id),
  });
  const model = seasonCache(db, clubId);
  const names = await seasonNames(
    db,
    rows.map((r) => r.seasonId),
  );
  const out: CompetitionSummary[] = [];
  for (const comp of rows) {
    const settled = new Set(settlements.filter((s) => s.competitionId === comp.id).map((s) => s.round));
    out.push(
      summaryOf(
        comp,
        await model(comp.seasonId),
        names.get(comp.seasonId) ?? '',
        settled,
        counts.get(comp.id),
        now,
      ),
    );
  }
  return out;
}

/** The competition as the viewer may see it: a draft is hidden from all but the club's admins. */
export async function visibleCompetition(db: DbOrTx, viewer: Viewer, id: string): Promise<CompetitionRow> {
  const comp = await findCompetition(db, { clubId: viewer.clubId, competitionId: id });
  if (!comp || (comp.status === 'draft' && viewer.role !== 'admin')) throw notFound('That competition');
  return comp;
}

function roundInfo(
  comp: CompetitionRow,
  round: RoundAnalysis,
  settlement: Settlement | undefined,
  now: number,
): RoundInfo {
  const deadline = roundDeadline(round, comp.deadlineMinutes);
  const kickoffs = round.fixtures.map((f) => f.fixture.kickoff);
  const record: RoundRecord | undefined = settlement?.record;
  return {
    round: round.round,
    deadline: iso(deadline),
    firstKickoff: new Date(Math.min(...kickoffs)).toISOString(),
    lastKickoff: new Date(Math.max(...kickoffs)).toISOString(),
    isVoid: round.isVoid,
    state: settlement ? 'settled' : deadline !== null && now >= deadline ? 'locked' : 'upcoming',
    settledAt: settlement ? settlement.settledAt.toISOString() : null,
    survivors: record ? record.survivors : null,
    eliminated: record ? record.eliminated : null,
    livesLost: record ? (record.livesLost ?? 0) : null,
    rollover: record?.rollover ?? false,
  };
}

export async function competitionDetail(
  services: CompetitionServices,
  viewer: Viewer,
  { competitionId }: { competitionId: string },
): Promise<CompetitionDetail> {
  return detailOf(services.db, viewer, competitionId, services.clock.now().getTime());
}

/** One competition as the viewer sees it at `now`; the game screen shows several at one instant. */
async function detailOf(db: Db, viewer: Viewer, id: string, now: number): Promise<CompetitionDetail> {
  const comp = await visibleCompetition(db, viewer, id);
  const model = seasonModel(await listSeasonFixtures(db, { clubId: viewer.clubId, seasonId: comp.seasonId }));
  const settlements = await listSettlements(db, { clubId: viewer.clubId, competitionIds: [comp.id] });
  const byRound = new Map(settlements.map((s) => [s.round, s]));
  const counts = (await entryCounts(db, { clubId: viewer.clubId, userId: viewer.userId })).find(
    (c) => c.competitionId === comp.id,
  );
  const season = await findSeason(db, { seasonId: comp.seasonId });
  const summary = summaryOf(comp, model, season?.name ?? '', new Set(byRound.keys()), counts, now);
  const rounds = compileRounds(comp, model).rounds.map((r) => roundInfo(comp, r, byRound.get(r.round), now));

  const mine = await listMyEntries(db, {
    clubId: viewer.clubId,
    competitionId: comp.id,
    userId: viewer.userId,
  });
  const minePicks = await listPicksOfEntries(db, { clubId: viewer.clubId, entryIds: mine.map((e) => e.id) });
  const compiled = compileRounds(comp, model);
  const offerOf = (e: (typeof mine)[number]) => {
    const window = buyBackWindow(comp, compiled, e, now);
    return window.ok
      ? { pricePence: window.free ? 0 : window.pricePence, closesAt: new Date(window.closesAt).toISOString() }
      : null;
  };
  const corrected = await correctionOuts(db, { clubId: viewer.clubId, entries: mine });
  const standings = await listStandings(db, {
    clubId: viewer.clubId,
    competitionId: comp.id,
    limit: STANDINGS_LIMIT,
  });

  let payouts: CompetitionDetail['payouts'] = null;
  if (comp.status === 'finished') {
    const winners = standings.filter((s) => s.status === 'won');
    const split = splitPot(
      summary.potPence,
      winners.map((w) => w.entryId),
    );
    payouts = {
      winners: winners.map((w) => ({
        entryId: w.entryId,
        playerName: w.playerName,
        entryNumber: w.entryNumber,
        pence: split.payouts[w.entryId] ?? 0,
      })),
      remainderPence: split.remainderPence,
    };
  }

  return {
    competition: {
      ...summary,
      rules: rulesOf(comp),
      buyBack: buyBackOf(comp),
      prizePence: comp.prizePence,
      minEntries: comp.minEntries,
      houseSharePercent: comp.houseSharePercent,
      deadlineMinutes: comp.deadlineMinutes,
      finalRound: comp.finalRound,
    },
    rounds,
    myEntries: mine.map((e) => ({
      id: e.id,
      status: e.status,
      eliminatedRound: e.eliminatedRound,
      removedByClub:
        e.removedFromRound === null ? null : { fromRound: e.removedFromRound, reason: e.removedReason ?? '' },
      outByCorrection: corrected.get(e.id) ?? null,
      livesLeft: livesLeftOf(comp, e),
      livesLostRounds: [...e.livesLostRounds],
      boughtBackRound: e.boughtBackRound,
      buyBackOffer: offerOf(e),
      createdAt: e.createdAt.toISOString(),
      picks: minePicks
        .filter((p) => p.entryId === e.id)
        .map((p) => ({
          round: p.round,
          teamId: p.teamId,
          teamName: p.teamName,
          auto: p.auto,
          outcome: p.outcome,
          lostLife: lostLife(p, e),
        })),
    })),
    standings: standings.map((st) => ({ ...st, livesLeft: livesLeftOf(comp, st) })),
    payouts,
  };
}

/**
 * An entry's lives left: every entry has the competition's lives until the first round locks (they
 * are written to the entries then), and the settled count after.
 */
export function livesLeftOf(comp: CompetitionRow, entry: { livesLeft: number; status: string }): number {
  if (comp.status === 'draft' || comp.status === 'open') return comp.rules.lives ?? 0;
  return entry.status === 'active' || entry.status === 'won' ? entry.livesLeft : 0;
}

export function ruleChoices(): RuleDescriptionList {
  const keys = ['draw', 'reuse', 'missedPick', 'postponed', 'allOut'] as const;
  return {
    rules: keys.map((rule) => {
      const d = ruleDescriptions[rule];
      const choices = d.choices as Record<string, string>;
      return {
        rule,
        label: d.label,
        choices: ruleValues[rule].map((value, i) => ({
          value,
          description: choices[value] ?? value,
          isDefault: i === 0,
        })),
      };
    }),
  };
}

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

const onGameScreen: ReadonlySet<string> = new Set(GAME_SCREEN_STATUSES);

/**
 * The game screen's data for the viewer's club: what the list and each competition's detail gave
 * in one call per competition before, composed on the server so the screen costs one request.
 */
export async function gameScreen(services: CompetitionServices, viewer: Viewer): Promise<GameScreen> {
  const { db } = services;
  const now = services.clock.now().getTime();
  const rows = await listCompetitions(db, { clubId: viewer.clubId, includeDrafts: false });
  const competitions = [];
  for (const row of rows) {
    if (onGameScreen.has(row.status)) competitions.push(await detailOf(db, viewer, row.id, now));
  }
  return { competitions };
}
