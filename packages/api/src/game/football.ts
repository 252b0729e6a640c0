import { z } from 'zod';
import { EntryStatus, FixtureStatus, PickView } from './game.ts';

export const Team = z.object({ id: z.string(), name: z.string(), shortName: z.string() });

export const FixtureView = z
  .object({
    id: z.string(),
    round: z.number().int(),
    kickoff: z.string(),
    kickoffTbc: z.boolean(),
    status: FixtureStatus,
    home: Team,
    away: Team,
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    /** Dated more than 3 days from the round's other fixtures: it does not count for the round. */
    rescheduledOut: z.boolean(),
    /** The result was entered or corrected by a club admin. */
    corrected: z.boolean(),
    /**
     * A match being played: its score as it stands (the feed's or the club's), shown with "LIVE".
     * Only the Matches tab's round carries it; never a result.
     */
    live: z
      .object({ home: z.number().int(), away: z.number().int(), minute: z.number().int().nullable() })
      .optional(),
  })
  .meta({ id: 'Fixture' });
export type FixtureView = z.infer<typeof FixtureView>;

export const RoundFixtures = z
  .object({
    competitionId: z.string(),
    round: z.number().int(),
    deadline: z.string().nullable(),
    locked: z.boolean(),
    isVoid: z.boolean(),
    fixtures: z.array(FixtureView),
    /** For each of the caller's entries: its pick this round and the teams it may not pick. */
    entries: z.array(
      z.object({
        entryId: z.string(),
        status: EntryStatus,
        pick: PickView.nullable(),
        usedTeams: z.array(z.object({ teamId: z.string(), round: z.number().int() })),
      }),
    ),
  })
  .meta({ id: 'RoundFixtures' });
export type RoundFixtures = z.infer<typeof RoundFixtures>;

/** The leagues a club can run a competition on. */
export const LEAGUES = ['premier-league', 'championship'] as const;
export const League = z.enum(LEAGUES);
export type League = z.infer<typeof League>;
export const LEAGUE_NAMES: Record<League, string> = {
  'premier-league': 'Premier League',
  championship: 'Championship',
};

export const SeasonSummary = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    source: z.enum(['openfootball', 'football-data', 'demo']),
    league: League,
    /** A real season re-dated to run live from the server clock (its results are revealed as it passes). */
    demo: z.boolean(),
    rounds: z.array(
      z.object({
        round: z.number().int(),
        firstKickoff: z.string(),
        lastKickoff: z.string(),
        isVoid: z.boolean(),
      }),
    ),
    /**
     * The first round with a fixture still to finish; null once the season is over, or while the
     * season's data is no longer updated (`stale`).
     */
    currentRound: z.number().int().nullable(),
    /** The last round whose matches have all been played; null before the first. */
    lastPlayedRound: z.number().int().nullable(),
    /** A match is a week overdue and no result has come in for two weeks: results are not arriving. */
    stale: z.boolean(),
  })
  .meta({ id: 'Season' });
export type SeasonSummary = z.infer<typeof SeasonSummary>;

export const SeasonList = z.object({ seasons: z.array(SeasonSummary) }).meta({ id: 'SeasonList' });

/** How a season's data last arrived. */
export const SeasonUpdater = z.enum([
  'bundled',
  'import',
  'openfootball-feed',
  'upload',
  'football-data',
  'demo',
]);

/** The state of one season's data, for the club's admin: where it comes from, how fresh it is. */
export const SeasonDataState = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    league: League,
    source: z.enum(['openfootball', 'football-data', 'demo']),
    /** What last wrote its fixtures or results, and when; null for data older than this record. */
    updatedBy: SeasonUpdater.nullable(),
    updatedAt: z.string().nullable(),
    /** When the openfootball feed last answered for it, and why its last fetch failed (null if it did not). */
    feedCheckedAt: z.string().nullable(),
    feedError: z.string().nullable(),
    /** The season being played now (it has matches to come). */
    inPlay: z.boolean(),
    stale: z.boolean(),
    lastPlayedRound: z.number().int().nullable(),
    /** The last result it has: the date of its latest played match. */
    lastResultAt: z.string().nullable(),
  })
  .meta({ id: 'SeasonDataState' });
export type SeasonDataState = z.infer<typeof SeasonDataState>;

export const FootballDataState = z
  .object({
    /** The seasons in play (and any the club's competitions use), the Premier League first. */
    seasons: z.array(SeasonDataState),
    feeds: z.object({
      /** The openfootball files' address, or null when the server does not fetch them. */
      openfootballUrl: z.string().nullable(),
      openfootballPollSeconds: z.number().int(),
      /** football-data.org is set up (a token): its season has live scores. */
      footballData: z.boolean(),
    }),
    /** The viewer runs the server (PLATFORM_ADMINS): they may upload a season file. */
    canUpload: z.boolean(),
  })
  .meta({ id: 'FootballDataState' });
export type FootballDataState = z.infer<typeof FootballDataState>;

/** The largest season file taken (openfootball's biggest league file is about 80 kB). */
export const SEASON_FILE_MAX_CHARS = 600_000;

export const SeasonUpload = z
  .object({
    /** The file's text, as read from the disk. */
    text: z
      .string()
      .min(1, 'is empty: choose a football.json file')
      .max(SEASON_FILE_MAX_CHARS, 'is too large for a season file'),
    /** Which league and season it is; read from the file's name ("English Premier League 2026/27") when left out. */
    league: League.optional(),
    season: z
      .string()
      .regex(/^\d{4}-\d{2}$/, 'must be a season such as 2026-27')
      .optional(),
  })
  .strict()
  .meta({ id: 'SeasonUpload' });
export type SeasonUpload = z.infer<typeof SeasonUpload>;

export const SeasonUploadResult = z
  .object({
    seasonId: z.string(),
    key: z.string(),
    name: z.string(),
    created: z.boolean(),
    counts: z.object({
      added: z.number().int(),
      moved: z.number().int(),
      result: z.number().int(),
      corrected: z.number().int(),
      status: z.number().int(),
      kept: z.number().int(),
    }),
    /** Competitions (of every club) re-settled because a result they had settled on changed. */
    resettled: z.number().int(),
    /** The change in words ("3 new results, 1 kick-off moved"). */
    summary: z.string(),
  })
  .meta({ id: 'SeasonUploadResult' });
export type SeasonUploadResult = z.infer<typeof SeasonUploadResult>;
export type SeasonList = z.infer<typeof SeasonList>;

export const SeasonRound = z
  .object({
    seasonId: z.string(),
    round: z.number().int(),
    isVoid: z.boolean(),
    fixtures: z.array(FixtureView),
  })
  .meta({ id: 'SeasonRound' });
export type SeasonRound = z.infer<typeof SeasonRound>;

const Goals = z.number().int().min(0).max(99);
/** A finished match has both scores, any other status none: two shapes, so the document says so too. */
export const ResultUpdate = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('finished'), home: Goals, away: Goals }).strict(),
    z.object({ status: FixtureStatus.exclude(['finished']), home: z.null(), away: z.null() }).strict(),
  ])
  .meta({ id: 'ResultUpdate' });
export type ResultUpdate = z.infer<typeof ResultUpdate>;

export const ResultCorrectionView = z
  .object({
    id: z.string(),
    fixtureId: z.string(),
    byUserId: z.string(),
    at: z.string(),
    old: z.object({ home: z.number().nullable(), away: z.number().nullable(), status: FixtureStatus }),
    new: z.object({ home: z.number().nullable(), away: z.number().nullable(), status: FixtureStatus }),
  })
  .meta({ id: 'ResultCorrection' });

export const ResultUpdateResponse = z
  .object({
    fixture: FixtureView,
    correction: ResultCorrectionView,
    /** Competitions of the club re-settled from the fixture's round. */
    resettled: z.array(z.string()),
  })
  .meta({ id: 'ResultUpdateResponse' });
export type ResultUpdateResponse = z.infer<typeof ResultUpdateResponse>;
