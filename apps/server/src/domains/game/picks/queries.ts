import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { entryNumber } from '../../../db/entry-number.ts';
import { prepared } from '../../../db/prepared.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import { user } from '../../account/read-model.ts';
import { fixtureRowsFromJson, roundFixturesColumn } from '../fixtures/index.ts';
import { teams } from '../football/schema.ts';
import { competitions, entries, picks, roundSettlements } from '../schema.ts';

/** A pick of the entry that uses up its team: counted in a settled round, or still to be settled. */
export interface UsingPick {
  round: number;
  teamId: string;
  teamName: string;
}

/**
 * The entry with its competition, whether `round` of it is already settled, the entry's picks that
 * use up their team and the round's fixtures as the club plays them: everything a pick is checked
 * against, in one round trip.
 */
export async function findEntryForPick(
  db: Db,
  {
    clubId,
    entryId,
    round,
  }: {
    clubId: string;
    entryId: string;
    /** The round whose settlement is checked with the entry (the round being picked for). */
    round: number;
  },
) {
  const statement = prepared(db, 'pick_entry', () =>
    db
      .select({
        // Only what a pick is checked against: the rush maps every column of every row it reads.
        entry: {
          id: entries.id,
          userId: entries.userId,
          status: entries.status,
          eliminatedRound: entries.eliminatedRound,
          removedFromRound: entries.removedFromRound,
        },
        competition: {
          id: competitions.id,
          seasonId: competitions.seasonId,
          status: competitions.status,
          startRound: competitions.startRound,
          deadlineMinutes: competitions.deadlineMinutes,
          rules: competitions.rules,
        },
        roundSettled: sql<boolean>`EXISTS (SELECT 1 FROM ${roundSettlements} rs
          WHERE rs.competition_id = ${entries.competitionId} AND rs.club_id = ${sql.placeholder('clubId')}
            AND rs.round = ${sql.placeholder('round')})`,
        usingPicks: sql<UsingPick[]>`(SELECT coalesce(json_agg(json_build_object(
              'round', p.round, 'teamId', p.team_id, 'teamName', t.name) ORDER BY p.round), '[]'::json)
          FROM ${picks} p JOIN ${teams} t ON t.id = p.team_id
          WHERE p.entry_id = ${entries.id} AND p.club_id = ${sql.placeholder('clubId')}
            AND (p.outcome IS NULL OR p.outcome IN ('survived', 'eliminated')))`,
        fixtures: roundFixturesColumn({
          clubId: sql.placeholder('clubId'),
          seasonId: sql`${competitions.seasonId}`,
          round: sql.placeholder('round'),
        }),
      })
      .from(entries)
      .innerJoin(
        competitions,
        and(eq(competitions.id, entries.competitionId), eq(competitions.clubId, sql.placeholder('clubId'))),
      )
      .where(and(eq(entries.clubId, sql.placeholder('clubId')), eq(entries.id, sql.placeholder('entryId'))))
      .prepare('pick_entry'),
  );
  const [row] = await statement.execute({ clubId, entryId, round });
  return row && { ...row, fixtures: fixtureRowsFromJson(row.fixtures) };
}

export async function isRoundSettled(
  db: DbOrTx,
  { clubId, competitionId, round }: { clubId: string; competitionId: string; round: number },
) {
  const [row] = await db
    .select({ round: roundSettlements.round })
    .from(roundSettlements)
    .where(
      and(
        eq(roundSettlements.clubId, clubId),
        eq(roundSettlements.competitionId, competitionId),
        eq(roundSettlements.round, round),
      ),
    );
  return row !== undefined;
}

/**
 * One pick per entry and round, by the unique index: concurrent requests leave exactly one row. A pick
 * already settled is never overwritten (nothing is returned then).
 */
export async function upsertPick(
  db: Db,
  values: { clubId: string; competitionId: string; entryId: string; round: number; teamId: string },
) {
  const statement = prepared(db, 'pick_upsert', () =>
    db
      .insert(picks)
      .values({
        id: sql.placeholder('id'),
        clubId: sql.placeholder('clubId'),
        competitionId: sql.placeholder('competitionId'),
        entryId: sql.placeholder('entryId'),
        round: sql.placeholder('round'),
        teamId: sql.placeholder('teamId'),
        auto: false,
      })
      .onConflictDoUpdate({
        target: [picks.entryId, picks.round],
        set: { teamId: sql`excluded.team_id`, auto: false, outcome: null, updatedAt: sql`now()` },
        setWhere: sql`${picks.outcome} IS NULL`,
      })
      .returning({ round: picks.round, auto: picks.auto, outcome: picks.outcome })
      .prepare('pick_upsert'),
  );
  const [row] = await statement.execute({ ...values, id: crypto.randomUUID() });
  return row;
}

export async function deletePick(
  db: DbOrTx,
  { clubId, entryId, round }: { clubId: string; entryId: string; round: number },
) {
  return db
    .delete(picks)
    .where(
      and(
        eq(picks.clubId, clubId),
        eq(picks.entryId, entryId),
        eq(picks.round, round),
        sql`${picks.outcome} IS NULL`,
      ),
    )
    .returning({ id: picks.id });
}

export async function listMyEntriesWithPicks(
  db: DbOrTx,
  { clubId, competitionId, userId }: { clubId: string; competitionId: string; userId: string },
) {
  const mine = await db
    .select({ id: entries.id, status: entries.status })
    .from(entries)
    .where(
      and(eq(entries.clubId, clubId), eq(entries.competitionId, competitionId), eq(entries.userId, userId)),
    )
    .orderBy(asc(entries.createdAt), asc(entries.id));
  const rows =
    mine.length === 0
      ? []
      : await db
          .select({
            entryId: picks.entryId,
            round: picks.round,
            teamId: picks.teamId,
            teamName: teams.name,
            auto: picks.auto,
            outcome: picks.outcome,
          })
          .from(picks)
          .innerJoin(teams, eq(teams.id, picks.teamId))
          .innerJoin(entries, eq(entries.id, picks.entryId))
          .where(
            and(eq(picks.clubId, clubId), eq(picks.competitionId, competitionId), eq(entries.userId, userId)),
          )
          .orderBy(asc(picks.round));
  return { mine, picks: rows };
}

export async function listRoundPicks(
  db: DbOrTx,
  params: { clubId: string; competitionId: string; round: number; onlyUserId?: string; limit: number },
) {
  const conditions = [
    eq(picks.clubId, params.clubId),
    eq(picks.competitionId, params.competitionId),
    eq(picks.round, params.round),
  ];
  if (params.onlyUserId) conditions.push(eq(entries.userId, params.onlyUserId));
  // A pick made ahead by an entry that went out before the round lapsed with it.
  conditions.push(sql`${entries.status} IN ('active', 'eliminated', 'won')`);
  conditions.push(sql`(${entries.eliminatedRound} IS NULL OR ${entries.eliminatedRound} >= ${params.round})`);
  return db
    .select({
      entryId: picks.entryId,
      userId: entries.userId,
      playerName: user.name,
      entryNumber,
      round: picks.round,
      teamId: picks.teamId,
      teamName: teams.name,
      auto: picks.auto,
      outcome: picks.outcome,
      eliminatedRound: entries.eliminatedRound,
      livesLostRounds: entries.livesLostRounds,
    })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .innerJoin(user, eq(user.id, entries.userId))
    .innerJoin(teams, eq(teams.id, picks.teamId))
    .where(and(...conditions))
    .orderBy(asc(teams.name), asc(user.name), desc(picks.entryId))
    .limit(params.limit);
}

export async function countRoundPicks(
  db: DbOrTx,
  { clubId, competitionId, round }: { clubId: string; competitionId: string; round: number },
) {
  return sqlRows<{ teamId: string; teamName: string; count: number }>(
    db,
    sql`SELECT p.team_id AS "teamId", t.name AS "teamName", count(*)::int AS count
        FROM ${picks} p JOIN ${teams} t ON t.id = p.team_id
        JOIN ${entries} e ON e.id = p.entry_id AND e.status IN ('active', 'eliminated', 'won')
          AND (e.eliminated_round IS NULL OR e.eliminated_round >= ${round})
        WHERE p.club_id = ${clubId} AND p.competition_id = ${competitionId} AND p.round = ${round}
          AND (p.outcome IS NULL OR p.outcome IN ('survived', 'eliminated'))
        GROUP BY p.team_id, t.name ORDER BY count(*) DESC, t.name`,
  );
}

/** Every entry of the player in the club, newest competition first. */
export async function listPlayerEntries(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  return db
    .select({
      entry: entries,
      competitionName: competitions.name,
      competitionStatus: competitions.status,
      competitionLives: sql<number>`coalesce((${competitions.rules}->>'lives')::int, 0)`,
    })
    .from(entries)
    .innerJoin(competitions, and(eq(competitions.id, entries.competitionId), eq(competitions.clubId, clubId)))
    .where(and(eq(entries.clubId, clubId), eq(entries.userId, userId)))
    .orderBy(desc(competitions.createdAt), asc(entries.createdAt), asc(entries.id));
}

export async function listPicksOfEntries(
  db: DbOrTx,
  { clubId, entryIds }: { clubId: string; entryIds: readonly string[] },
) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      entryId: picks.entryId,
      round: picks.round,
      teamId: picks.teamId,
      teamName: teams.name,
      auto: picks.auto,
      outcome: picks.outcome,
    })
    .from(picks)
    .innerJoin(teams, eq(teams.id, picks.teamId))
    .where(and(eq(picks.clubId, clubId), inArray(picks.entryId, [...entryIds])))
    .orderBy(asc(picks.round));
}

/** An entry of the competition with its player's name and entry number (pick history). */
export async function findEntryWithPlayer(
  db: DbOrTx,
  { clubId, competitionId, entryId }: { clubId: string; competitionId: string; entryId: string },
) {
  const [row] = await db
    .select({
      id: entries.id,
      userId: entries.userId,
      status: entries.status,
      eliminatedRound: entries.eliminatedRound,
      livesLostRounds: entries.livesLostRounds,
      playerName: user.name,
      entryNumber,
    })
    .from(entries)
    .innerJoin(user, eq(user.id, entries.userId))
    .where(
      and(eq(entries.clubId, clubId), eq(entries.competitionId, competitionId), eq(entries.id, entryId)),
    );
  return row;
}

/** A name-only player of the club: no account to sign in with, the club picks for their entries. */
export async function isNameOnlyPlayer(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.guestOfClubId, clubId)));
  return row !== undefined;
}

export async function picksOfUser(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  return db
    .select({ pick: picks, teamName: teams.name })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .innerJoin(teams, eq(teams.id, picks.teamId))
    .where(and(eq(picks.clubId, clubId), eq(entries.clubId, clubId), eq(entries.userId, userId)))
    .orderBy(asc(picks.entryId), asc(picks.round));
}
