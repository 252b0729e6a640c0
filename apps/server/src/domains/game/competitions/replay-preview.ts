import type { BuyBack, BuyBackInput, CompetitionRules, ReplayOutcome, ReplayPreview } from '@lastman/api';
import { seasonRoundOf } from '@lastman/api/game/rules';
import { type EntryPicks, poolPotPence, settleCompetition, splitPot } from '@lastman/game';
import type { Viewer } from '../../../http/guards.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { type FixtureRow, listSeasonFixtures, type SeasonModel, seasonModel } from '../fixtures/index.ts';
import { findCompetition, listEntriesInPlay, listOwnPicks, listSettlements } from './queries.ts';
import { buyBackOf, buyBackPriced, potOf, rulesOf } from './views.ts';

const WINNERS_SHOWN = 50;

/** The season as it stood when `throughRound` was settled: later rounds have no results yet. */
function resultsThrough(rows: readonly FixtureRow[], throughRound: number | null): SeasonModel {
  return seasonModel(
    rows.map((r) =>
      throughRound !== null && r.round <= throughRound
        ? r
        : { ...r, status: 'scheduled' as const, homeScore: null, awayScore: null },
    ),
  );
}

/**
 * "What if": the competition's entries and their own picks settled again by the rules engine under
 * other rules, beside the same replay under the competition's own rules, over the rounds the real
 * competition has settled. Nothing is written.
 */
export async function replayPreview(
  { db }: Pick<Services, 'db'>,
  admin: Viewer,
  {
    competitionId,
    rules: variantRules,
    buyBack: variantBuyBack,
  }: { competitionId: string; rules: CompetitionRules; buyBack?: BuyBackInput | null | undefined },
): Promise<ReplayPreview> {
  const comp = await findCompetition(db, { clubId: admin.clubId, competitionId });
  if (!comp || comp.status === 'draft') throw notFound('That competition');
  const [rows, players, ownPicks, settlements] = await Promise.all([
    listSeasonFixtures(db, { clubId: admin.clubId, seasonId: comp.seasonId }),
    listEntriesInPlay(db, { clubId: admin.clubId, competitionId: comp.id }),
    listOwnPicks(db, { clubId: admin.clubId, competitionId: comp.id }),
    listSettlements(db, { clubId: admin.clubId, competitionIds: [comp.id] }),
  ]);
  const throughRound = settlements.at(-1)?.round ?? null;
  const model = resultsThrough(rows, throughRound);

  const picksByEntry = new Map<string, Record<string, string>>();
  for (const p of ownPicks) {
    const own = picksByEntry.get(p.entryId) ?? {};
    own[String(p.round)] = p.teamName;
    picksByEntry.set(p.entryId, own);
  }
  const entries: EntryPicks[] = players.map((e) => ({
    id: e.entryId,
    picks: picksByEntry.get(e.entryId) ?? {},
  }));
  const label = entryLabels(players);
  const bought = players.filter((p) => p.boughtBackRound !== null).map((p) => p.entryId);
  const pot = potOf(comp, players.length, bought.length);
  // The actual outcome counts the buy-backs made for real; the
  // variant shows the most buy-backs can change: every owner knocked out in the window buys back.
  const everyone = entries.map((e) => e.id);

  // `buyBack` in the competition's own rounds, as the contract gives it; the engine counts gameweeks.
  const outcome = (rules: CompetitionRules, buyBack: BuyBack | null, buyBacks: string[]): ReplayOutcome => {
    const result = settleCompetition({
      rules,
      teams: model.teamNames,
      rounds: model.rounds,
      startRound: comp.startRound,
      entries,
      buyBack: buyBack && {
        untilRound: seasonRoundOf(comp.startRound, buyBack.untilRound),
        pricePence: buyBack.pricePence,
      },
      buyBacks,
    });
    let bought = 0;
    for (const r of result.rounds) bought += r.boughtBack?.length ?? 0;
    // A pool grows with each buy-back at its price, before the house share.
    const potNow =
      comp.prizeModel === 'pool' && buyBack !== null && bought > 0
        ? poolPotPence(
            players.length * comp.entryFeePence + bought * buyBack.pricePence,
            comp.houseSharePercent,
          )
        : pot;
    const split = result.decided ? splitPot(potNow, result.winners) : null;
    return {
      rules,
      buyBack,
      rounds: result.rounds.map((r) => ({
        round: r.round,
        status: r.status,
        survivors: r.survived.length,
        eliminated: r.eliminated.length,
        rollover: r.rollover,
        livesLost: r.livesLost?.length ?? 0,
        boughtBack: r.boughtBack?.length ?? 0,
      })),
      decided: result.decided,
      finalRound: result.finalRound,
      winners: result.winners.slice(0, WINNERS_SHOWN).map((id) => label.get(id) ?? id),
      payoutPence: split ? (split.payouts[result.winners[0] ?? ''] ?? 0) : null,
      remainderPence: split?.remainderPence ?? 0,
    };
  };

  return {
    competitionId: comp.id,
    entries: players.length,
    throughRound,
    potPence: pot,
    actual: outcome(rulesOf(comp), buyBackOf(comp), bought),
    variant: outcome(
      variantRules,
      variantBuyBack === undefined ? buyBackOf(comp) : buyBackPriced(variantBuyBack, comp),
      everyone,
    ),
  };
}

/** "Alice", or "Alice (entry 2)" when Alice has several entries. */
function entryLabels(players: readonly { entryId: string; userId: string; playerName: string }[]) {
  const perPlayer = new Map<string, number>();
  for (const p of players) perPlayer.set(p.userId, (perPlayer.get(p.userId) ?? 0) + 1);
  const seen = new Map<string, number>();
  const labels = new Map<string, string>();
  for (const p of players) {
    const n = (seen.get(p.userId) ?? 0) + 1;
    seen.set(p.userId, n);
    labels.set(p.entryId, (perPlayer.get(p.userId) ?? 1) > 1 ? `${p.playerName} (entry ${n})` : p.playerName);
  }
  return labels;
}
