import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../../db/schema/columns.ts';

export const teams = pgTable('teams', {
  id: id(),
  name: text('name').notNull().unique(),
  shortName: text('short_name').notNull(),
  createdAt: createdAt(),
});

/** The leagues a club can run a competition on. */
export const leagues = ['premier-league', 'championship'] as const;

/** How a season's data last arrived: a file that ships with the server, `lms import`, the feeds, an upload. */
export const seasonUpdaters = [
  'bundled',
  'import',
  'openfootball-feed',
  'upload',
  'football-data',
  'demo',
] as const;

export const seasons = pgTable('seasons', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  source: text('source', { enum: ['openfootball', 'football-data', 'demo'] }).notNull(),
  league: text('league', { enum: leagues }).notNull().default('premier-league'),
  /** When the season's fixtures or results were last written, and by what. */
  dataUpdatedAt: timestamp('data_updated_at', { withTimezone: true }),
  updatedBy: text('updated_by', { enum: seasonUpdaters }),
  /** The openfootball feed: when it last answered (a 200 or a 304), its ETag, and why it last failed. */
  feedCheckedAt: timestamp('feed_checked_at', { withTimezone: true }),
  feedEtag: text('feed_etag'),
  feedError: text('feed_error'),
  createdAt: createdAt(),
});

export const fixtureStatuses = ['scheduled', 'live', 'finished', 'postponed', 'abandoned'] as const;

export const fixtures = pgTable(
  'fixtures',
  {
    id: id(),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    round: smallint('round').notNull(),
    homeTeamId: text('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: text('away_team_id')
      .notNull()
      .references(() => teams.id),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    kickoffTbc: boolean('kickoff_tbc').notNull().default(false),
    status: text('status', { enum: fixtureStatuses }).notNull().default('scheduled'),
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    // The score as the feed last gave it while the match is played: shown, never settled on.
    liveHome: smallint('live_home'),
    liveAway: smallint('live_away'),
    liveMinute: smallint('live_minute'),
    /** When the feed last reported the match in play; older than a few minutes is a delayed feed. */
    liveCheckedAt: timestamp('live_checked_at', { withTimezone: true }),
    /** When the live score last changed. */
    liveChangedAt: timestamp('live_changed_at', { withTimezone: true }),
    /** When the live score last went down (a goal disallowed): the screens say "score updated". */
    liveCorrectedAt: timestamp('live_corrected_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fixtures_season_external_idx').on(t.seasonId, t.externalId),
    index('fixtures_season_round_idx').on(t.seasonId, t.round),
    index('fixtures_kickoff_idx').on(t.kickoffAt).where(sql`${t.status} <> 'finished'`),
  ],
);
