import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../../db/schema/columns.ts';

export const teams = pgTable('teams', {
  id: id(),
  name: text('name').notNull().unique(),
  shortName: text('short_name').notNull(),
  createdAt: createdAt(),
});

export const seasons = pgTable('seasons', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  source: text('source', { enum: ['openfootball', 'football-data', 'demo'] }).notNull(),
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
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fixtures_season_external_idx').on(t.seasonId, t.externalId),
    index('fixtures_season_round_idx').on(t.seasonId, t.round),
    index('fixtures_kickoff_idx').on(t.kickoffAt).where(sql`${t.status} <> 'finished'`),
  ],
);
