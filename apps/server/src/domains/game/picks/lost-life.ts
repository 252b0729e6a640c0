/**
 * Whether a pick that lost cost its entry a life rather than the entry itself: its outcome is
 * "eliminated" (the pick's own result), but the entry lost a life in that round and was not knocked
 * out in it. Pick lists say "lost a life" for it, as the entry's card does, never "out".
 */
export function lostLife(
  pick: { round: number; outcome: string | null },
  entry: { eliminatedRound: number | null; livesLostRounds: readonly number[] },
): boolean {
  return (
    pick.outcome === 'eliminated' &&
    entry.livesLostRounds.includes(pick.round) &&
    entry.eliminatedRound !== pick.round
  );
}
