import { sql } from 'drizzle-orm';
import { entries } from './schema/index.ts';

/**
 * Which of its player's entries in the competition a row of `entries` is (1, 2, ... in the order
 * they were bought), or null when the player has only the one: lists then say "Jo Bloggs (2)" where
 * a name alone would repeat.
 */
export const entryNumber = sql<number | null>`(
  SELECT CASE WHEN count(*) > 1
    THEN (count(*) FILTER (WHERE (e2.created_at, e2.id) <= (${entries.createdAt}, ${entries.id})))::int
  END
  FROM entries e2
  WHERE e2.competition_id = ${entries.competitionId}
    AND e2.user_id = ${entries.userId}
    AND e2.status IN ('active', 'eliminated', 'won')
)`;
