export type TeamId = string;

export type FixtureStatus = 'scheduled' | 'live' | 'finished' | 'postponed' | 'abandoned';

export interface Score {
  readonly home: number;
  readonly away: number;
}

export interface Fixture {
  readonly id: string;
  /** The gameweek label: N of openfootball's "Matchday N". */
  readonly round: number;
  readonly home: TeamId;
  readonly away: TeamId;
  /** Kick-off in epoch milliseconds (UTC). */
  readonly kickoff: number;
  /** The UK calendar date of the fixture, 'YYYY-MM-DD', as the data gives it. */
  readonly date: string;
  /** The kick-off time was not given; `kickoff` assumes 15:00 UK time. */
  readonly timeTbc: boolean;
  /** Full-time score; null while the fixture has no result. */
  readonly result: Score | null;
  readonly status: FixtureStatus;
}

export interface Season {
  readonly name: string;
  /** Every team of the season, in plain string order. */
  readonly teams: readonly TeamId[];
  /** Every fixture, in the order of the source. */
  readonly fixtures: readonly Fixture[];
}

/** How a picked team's round went, as the rules read it. */
export type TeamOutcome = 'win' | 'draw' | 'loss' | 'postponed';
