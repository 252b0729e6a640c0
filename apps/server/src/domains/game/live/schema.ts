import { index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../../club/schema.ts';
import { fixtures } from '../football/schema.ts';

/**
 * A live score an admin entered for the club (no feed configured, or a stalled one overruled). Seasons
 * are shared by every club, so a hand-entered score is the admin's club's only, like a correction.
 * It is shown while the match is played and never settles anything: only a full-time result does.
 */
export const clubLiveScores = pgTable(
  'club_live_scores',
  {
    id: id(),
    clubId: clubIdColumn(),
    fixtureId: text('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    home: smallint('home').notNull(),
    away: smallint('away').notNull(),
    minute: smallint('minute'),
    byUserId: text('by_user_id').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the score last went down (a goal taken back). */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('club_live_scores_club_fixture_idx').on(t.clubId, t.fixtureId),
    index('club_live_scores_fixture_idx').on(t.fixtureId),
  ],
);
