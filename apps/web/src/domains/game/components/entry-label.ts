/** An entry as the game's screens name it: the player, and the entry's number when they hold several. */
export const entryLabel = (e: { playerName: string; entryNumber: number | null }): string =>
  e.entryNumber === null ? e.playerName : `${e.playerName} (${e.entryNumber})`;
