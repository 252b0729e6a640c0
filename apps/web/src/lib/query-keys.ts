// Query keys that more than one domain's mutations invalidate: a payment changes the game's screens.

/** Query keys of the game, in one place so mutations (the game's and payments') invalidate exactly what they change. */
export const gameKeys = {
  all: ['game'] as const,
  competitions: () => [...gameKeys.all, 'competitions'] as const,
  // Under `competitions`, so whatever refreshes the list (a join, a payment, an admin's edit) refreshes it too.
  screen: () => [...gameKeys.competitions(), 'screen'] as const,
  competition: (id: string) => [...gameKeys.all, 'competition', id] as const,
  roundFixtures: (id: string, round: number) =>
    [...gameKeys.all, 'competition', id, 'fixtures', round] as const,
  roundPicks: (id: string, round: number) => [...gameKeys.all, 'competition', id, 'picks', round] as const,
  rules: () => [...gameKeys.all, 'rules'] as const,
  seasons: () => [...gameKeys.all, 'seasons'] as const,
  seasonRound: (id: string, round: number) => [...gameKeys.all, 'season', id, round] as const,
};
