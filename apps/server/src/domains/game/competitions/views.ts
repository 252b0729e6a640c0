import type {
  BuyBack,
  BuyBackInput,
  CompetitionDetail,
  CompetitionRules,
  CompetitionSummary,
  GameScreen,
  RoundInfo,
  RuleDescriptionList,
} from '@lastman/api';
import { GAME_SCREEN_STATUSES, ruleDescriptions } from '@lastman/api';
import { competitionRoundOf, seasonRoundOf } from '@lastman/api/game/rules';
import { poolPotPence, type RoundAnalysis, roundDeadline, ruleValues, splitPot } from '@lastman/game';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Viewer } from '../../../http/guards.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { clubForViewer } from '../../club/index.ts';
import { buyBackWindow } from '../entries/buy-back-window.ts';
import { findSeason, iso, listSeasonFixtures, type SeasonModel, seasonModel } from '../fixtures/index.ts';
import { lostLife } from '../picks/lost-life.ts';
import { listPicksOfEntries } from '../picks/queries.ts';
import type { RoundRecord } from '../schema.ts';
import { compileRounds } from '../settlement/index.ts';
import {
  type CompetitionRow,
  correctionOuts,
  type EntryCounts,
  entryCounts,
  findCompetition,
  listCompetitions,
  listMyEntries,
  listSettlements,
  listStandings,
} from './queries.ts';

export type CompetitionServices = Pick<Services, 'db' | 'clock'>;

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
export function buyBackColumns(buyBack: BuyBack | null, startRound: number) {
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
