import { and, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fixtures } from './schema.ts';

/** A match being played, as the feed gives it: the score so far and the minute. */
export interface LiveMatch {
  externalId: string;
  home: number;
  away: number;
  minute: number | null;
}

/** A fixture whose live score changed: what the screens are told. */
export interface LiveChange {
  fixtureId: string;
  seasonId: string;
  home: number;
  away: number;
  minute: number | null;
  /** The score went down (a goal disallowed): shown as "score updated", never settled on. */
  corrected: boolean;
  /** The live score before this change; null before the first. */
  before: { home: number; away: number } | null;
}

/** Kick-offs this close (either side of now) make it a match day: the sync runs each minute. */
const MATCH_WINDOW_BEFORE_MS = 5 * 60_000;
const MATCH_WINDOW_AFTER_MS = 3 * 60 * 60_000;

/**
 * Writes the feed's live scores onto the season's fixtures: each reported match is marked as heard
 * from now, and its score and minute are replaced when they changed. The result columns are not
 * touched, so a live score never settles a round.
 */
export async function applyLiveScores(
  db: DbOrTx,
  {
    seasonId,
    matches,
    now,
    idOf,
  }: {
    seasonId: string;
    matches: readonly LiveMatch[];
    now: Date;
    /** The feed's match ids as this season's fixture ids, when they are not its external ids (the demo). */
    idOf?: ReadonlyMap<string, string>;
  },
): Promise<LiveChange[]> {
  const changes: LiveChange[] = [];
  for (const m of matches) {
    const [row] = await db
      .select({
        id: fixtures.id,
        liveHome: fixtures.liveHome,
        liveAway: fixtures.liveAway,
        liveMinute: fixtures.liveMinute,
      })
      .from(fixtures)
      .where(
        and(
          eq(fixtures.seasonId, seasonId),
          idOf ? eq(fixtures.id, idOf.get(m.externalId) ?? '') : eq(fixtures.externalId, m.externalId),
        ),
      );
    if (!row) continue;
    const scoreChanged = row.liveHome !== m.home || row.liveAway !== m.away;
    const corrected =
      row.liveHome !== null && row.liveAway !== null && (m.home < row.liveHome || m.away < row.liveAway);
    await db
      .update(fixtures)
      .set({
        liveHome: m.home,
        liveAway: m.away,
        liveMinute: m.minute,
        liveCheckedAt: now,
        ...(scoreChanged && { liveChangedAt: now }),
        ...(corrected && { liveCorrectedAt: now }),
      })
      .where(eq(fixtures.id, row.id));
    if (scoreChanged || row.liveMinute !== m.minute) {
      changes.push({
        fixtureId: row.id,
        seasonId,
        home: m.home,
        away: m.away,
        minute: m.minute,
        corrected,
        before:
          row.liveHome === null || row.liveAway === null ? null : { home: row.liveHome, away: row.liveAway },
      });
    }
  }
  return changes;
}

/** A match of the season is being played, or kicks off within minutes. */
export async function isMatchDay(
  db: DbOrTx,
  { seasonId, now }: { seasonId: string; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fixtures)
    .where(
      and(
        eq(fixtures.seasonId, seasonId),
        or(
          eq(fixtures.status, 'live'),
          and(
            eq(fixtures.status, 'scheduled'),
            gte(fixtures.kickoffAt, new Date(now.getTime() - MATCH_WINDOW_AFTER_MS)),
            lte(fixtures.kickoffAt, new Date(now.getTime() + MATCH_WINDOW_BEFORE_MS)),
          ),
        ),
      ),
    );
  return (row?.n ?? 0) > 0;
}
