import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fixtures } from '../football/schema.ts';
import { clubLiveScores } from './schema.ts';

export interface LiveColumns {
  fixtureId: string;
  feed: {
    home: number | null;
    away: number | null;
    minute: number | null;
    checkedAt: Date | null;
    changedAt: Date | null;
    correctedAt: Date | null;
  };
  club: {
    home: number;
    away: number;
    minute: number | null;
    updatedAt: Date;
    correctedAt: Date | null;
  } | null;
}

/** The feed's live score and the club's own (if an admin entered one) of each fixture. */
export async function liveColumnsOf(
  db: DbOrTx,
  { clubId, fixtureIds }: { clubId: string; fixtureIds: readonly string[] },
): Promise<Map<string, LiveColumns>> {
  if (fixtureIds.length === 0) return new Map();
  const rows = await db
    .select({
      fixtureId: fixtures.id,
      home: fixtures.liveHome,
      away: fixtures.liveAway,
      minute: fixtures.liveMinute,
      checkedAt: fixtures.liveCheckedAt,
      changedAt: fixtures.liveChangedAt,
      correctedAt: fixtures.liveCorrectedAt,
      clubHome: clubLiveScores.home,
      clubAway: clubLiveScores.away,
      clubMinute: clubLiveScores.minute,
      clubUpdatedAt: clubLiveScores.updatedAt,
      clubCorrectedAt: clubLiveScores.correctedAt,
    })
    .from(fixtures)
    .leftJoin(
      clubLiveScores,
      and(eq(clubLiveScores.fixtureId, fixtures.id), eq(clubLiveScores.clubId, clubId)),
    )
    .where(inArray(fixtures.id, [...fixtureIds]));
  return new Map(
    rows.map((r) => [
      r.fixtureId,
      {
        fixtureId: r.fixtureId,
        feed: {
          home: r.home,
          away: r.away,
          minute: r.minute,
          checkedAt: r.checkedAt,
          changedAt: r.changedAt,
          correctedAt: r.correctedAt,
        },
        club:
          r.clubHome === null || r.clubAway === null || r.clubUpdatedAt === null
            ? null
            : {
                home: r.clubHome,
                away: r.clubAway,
                minute: r.clubMinute,
                updatedAt: r.clubUpdatedAt,
                correctedAt: r.clubCorrectedAt,
              },
      },
    ]),
  );
}

/** Writes the club's live score of a fixture; `corrected` when a side's goals went down. */
export async function upsertClubLiveScore(
  db: DbOrTx,
  values: {
    clubId: string;
    fixtureId: string;
    home: number;
    away: number;
    minute: number;
    byUserId: string;
    at: Date;
  },
) {
  const [row] = await db
    .insert(clubLiveScores)
    .values({ ...values, updatedAt: values.at })
    .onConflictDoUpdate({
      target: [clubLiveScores.clubId, clubLiveScores.fixtureId],
      set: {
        home: values.home,
        away: values.away,
        minute: values.minute,
        byUserId: values.byUserId,
        updatedAt: values.at,
        correctedAt: sql`CASE WHEN ${values.home} < ${clubLiveScores.home} OR ${values.away} < ${clubLiveScores.away}
          THEN ${values.at.toISOString()}::timestamptz ELSE ${clubLiveScores.correctedAt} END`,
      },
    })
    .returning();
  if (!row) throw new Error('live score upsert returned nothing');
  return row;
}

/** The score as the club sees it: the club's own when newer than the feed's last word, else the feed's. */
export function liveScoreOf(columns: LiveColumns | undefined) {
  if (!columns) return null;
  const { feed, club } = columns;
  if (club && (feed.checkedAt === null || club.updatedAt > feed.checkedAt)) {
    return { source: 'club' as const, ...club, heardAt: club.updatedAt };
  }
  if (feed.home === null || feed.away === null || feed.checkedAt === null) return null;
  return {
    source: 'feed' as const,
    home: feed.home,
    away: feed.away,
    minute: feed.minute,
    correctedAt: feed.correctedAt,
    updatedAt: feed.changedAt ?? feed.checkedAt,
    heardAt: feed.checkedAt,
  };
}
