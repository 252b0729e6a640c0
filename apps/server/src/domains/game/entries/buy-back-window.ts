import { type CompiledCompetition, type RoundAnalysis, roundDeadline } from '@lastman/game';
import type { CompetitionRow } from '../competitions/queries.ts';

/** The entry's columns a buy-back depends on. */
export interface BuyBackEntry {
  status: string;
  eliminatedRound: number | null;
  removedFromRound: number | null;
  boughtBackRound: number | null;
}

export type BuyBackWindow =
  | { ok: true; round: number; closesAt: number; pricePence: number; free: boolean }
  | { ok: false; reason: string };

/**
 * When the next round after `round` locks: the deadline of the first later round that has one. A
 * buy-back after `round` must be made before it; null when no later round has a deadline.
 */
export function nextDeadlineAfter(
  comp: Pick<CompetitionRow, 'deadlineMinutes'>,
  c: Pick<CompiledCompetition, 'rounds'>,
  round: number,
): number | null {
  for (const r of c.rounds as readonly RoundAnalysis[]) {
    if (r.round <= round) continue;
    const deadline = roundDeadline(r, comp.deadlineMinutes);
    if (deadline !== null) return deadline;
  }
  return null;
}

/**
 * Whether the entry may be bought back in at `now`, and if not why, in words for the player. An
 * entry the results knocked out in a round up to the offer's last round may come back once, before
 * the next round's deadline; not after the last round, not one the club knocked out, not in a
 * competition that has ended (an all-out split included).
 */
export function buyBackWindow(
  comp: Pick<
    CompetitionRow,
    'status' | 'buyBackUntilRound' | 'buyBackPricePence' | 'deadlineMinutes' | 'prizeModel'
  >,
  c: Pick<CompiledCompetition, 'rounds'>,
  entry: BuyBackEntry,
  now: number,
): BuyBackWindow {
  const until = comp.buyBackUntilRound;
  const price = comp.buyBackPricePence;
  if (until === null || price === null) {
    return { ok: false, reason: 'This competition does not offer buy-backs.' };
  }
  if (entry.boughtBackRound !== null) {
    return {
      ok: false,
      reason: `This entry was already bought back in after round ${entry.boughtBackRound}: an entry can be bought back once.`,
    };
  }
  if (entry.status !== 'eliminated' || entry.eliminatedRound === null) {
    return {
      ok: false,
      reason:
        entry.status === 'active'
          ? 'This entry is still in: only an entry that has been knocked out can be bought back.'
          : `This entry is ${entry.status}: only an entry that has been knocked out can be bought back.`,
    };
  }
  if (comp.status !== 'running') {
    return { ok: false, reason: `This competition is ${comp.status}: buy-backs have ended.` };
  }
  if (entry.removedFromRound !== null) {
    return {
      ok: false,
      reason: 'This entry was knocked out by the club, not by a result: it cannot be bought back.',
    };
  }
  const round = entry.eliminatedRound;
  if (round > until) {
    return {
      ok: false,
      reason: `Buy-backs are for entries knocked out up to round ${until}; this one went out in round ${round}.`,
    };
  }
  const closesAt = nextDeadlineAfter(comp, c, round);
  if (closesAt === null) {
    return { ok: false, reason: `Round ${round} was the last round: there is no round to buy back into.` };
  }
  if (now >= closesAt) {
    return {
      ok: false,
      reason: `The buy-back window closed at the next round's deadline: an entry knocked out in round ${round} had to be bought back before then.`,
    };
  }
  return { ok: true, round, closesAt, pricePence: price, free: comp.prizeModel === 'free' || price === 0 };
}
