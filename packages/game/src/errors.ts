export const inputErrorCodes = {
  seasonFormat: 'SEASON_FORMAT',
  replayInput: 'REPLAY_INPUT',
  unknownTeam: 'UNKNOWN_TEAM',
  unknownRule: 'UNKNOWN_RULE',
} as const;

export type InputErrorCode = (typeof inputErrorCodes)[keyof typeof inputErrorCodes];

/** Bad data given to the engine; the message names the problem and where it is. */
export class GameInputError extends Error {
  readonly code: InputErrorCode;

  constructor(code: InputErrorCode, message: string) {
    super(message);
    this.name = 'GameInputError';
    this.code = code;
  }
}

export const pickRejections = {
  entryNotActive: 'ENTRY_NOT_ACTIVE',
  unknownTeam: 'UNKNOWN_TEAM',
  teamNotPlaying: 'TEAM_NOT_PLAYING',
  teamAlreadyUsed: 'TEAM_ALREADY_USED',
  roundVoid: 'ROUND_VOID',
  deadlinePassed: 'DEADLINE_PASSED',
} as const;

export type PickRejection = (typeof pickRejections)[keyof typeof pickRejections];
