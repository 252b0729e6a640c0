import { londonDay } from '@lastman/api/time';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventRegistrations, events } from '../content/read-model.ts';
import { competitions, entries, fixtures, picks, teams } from '../game/read-model.ts';
import { paidPosition, payRate, positionRatesByName, rateChangesOf } from '../staff/index.ts';
import { clockEntries } from '../staff/read-model.ts';

/** Entries that hold a place: bought (or free) and kept, whether still in, out or won. */
const CONFIRMED = ['active', 'eliminated', 'won'] as const;

interface Period {
  clubId: string;
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

export async function clubCompetitions(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select()
    .from(competitions)
    .where(eq(competitions.clubId, clubId))
    .orderBy(desc(competitions.createdAt), asc(competitions.id));
}

/** Confirmed entries made in the period, each with its competition and when it was made. */
export async function confirmedEntriesMade(db: DbOrTx, p: Period & { competitionId?: string | undefined }) {
  return db
    .select({ competitionId: entries.competitionId, createdAt: entries.createdAt })
    .from(entries)
    .where(
      and(
        eq(entries.clubId, p.clubId),
        inArray(entries.status, [...CONFIRMED]),
        gte(entries.createdAt, p.start),
        lt(entries.createdAt, p.end),
        ...(p.competitionId ? [eq(entries.competitionId, p.competitionId)] : []),
      ),
    );
}

/** All confirmed entries of each of the club's competitions (what its pot is made of). */
export async function confirmedEntriesByCompetition(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select({
      competitionId: entries.competitionId,
      n: sql<number>`count(*)::int`,
      boughtBack: sql<number>`(count(*) FILTER (WHERE ${entries.boughtBackRound} IS NOT NULL))::int`,
    })
    .from(entries)
    .where(and(eq(entries.clubId, clubId), inArray(entries.status, [...CONFIRMED])))
    .groupBy(entries.competitionId);
}

/** The club's most recently created competition that has a settled pick. */
export async function latestCompetitionWithSettledPicks(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(
      and(
        eq(competitions.clubId, clubId),
        sql`exists (select 1 from ${picks} where ${picks.competitionId} = ${competitions.id} and ${picks.outcome} is not null)`,
      ),
    )
    .orderBy(desc(competitions.createdAt), desc(competitions.id))
    .limit(1);
  return row?.id;
}

/** A competition's confirmed entries with the round each went out in (null: still in, or won). */
export async function confirmedEntriesOf(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  return db
    .select({ id: entries.id, eliminatedRound: entries.eliminatedRound })
    .from(entries)
    .where(
      and(
        eq(entries.clubId, clubId),
        eq(entries.competitionId, competitionId),
        inArray(entries.status, [...CONFIRMED]),
      ),
    );
}

/** The picks of a competition's confirmed entries, with each team's name. */
export async function picksOf(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
) {
  return db
    .select({
      round: picks.round,
      teamId: picks.teamId,
      team: teams.name,
      settled: sql<boolean>`${picks.outcome} is not null`,
    })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .innerJoin(teams, eq(teams.id, picks.teamId))
    .where(
      and(
        eq(picks.clubId, clubId),
        eq(picks.competitionId, competitionId),
        inArray(entries.status, [...CONFIRMED]),
      ),
    );
}

/**
 * Closed clock-ins that began in the period, each with the rate it is paid at (the rota's one rule:
 * the person's own rate on the London day of the clock-in, else the rate of the position it is
 * worked in; null: neither is set). An open one (still at work) counts once it is closed.
 */
export async function closedClockEntries(db: DbOrTx, p: Period) {
  const rows = await db
    .select({
      id: clockEntries.id,
      userId: clockEntries.userId,
      clockInAt: clockEntries.clockInAt,
      clockOutAt: clockEntries.clockOutAt,
      breakMinutes: clockEntries.breakMinutes,
      position: paidPosition,
    })
    .from(clockEntries)
    .where(
      and(
        eq(clockEntries.clubId, p.clubId),
        isNotNull(clockEntries.clockOutAt),
        gte(clockEntries.clockInAt, p.start),
        lt(clockEntries.clockInAt, p.end),
      ),
    );
  const rates = await rateChangesOf(db, { clubId: p.clubId });
  const positionRates = await positionRatesByName(db, { clubId: p.clubId });
  return rows.map((r) => ({
    ...r,
    hourlyRatePence: payRate(rates, positionRates, {
      userId: r.userId,
      day: londonDay(r.clockInAt),
      position: r.position,
    }),
  }));
}

/** Kick-offs in the period (football data is the same for every club); postponed matches left out. */
export async function kickoffsIn(db: DbOrTx, p: Omit<Period, 'clubId'>) {
  return db
    .select({ kickoffAt: fixtures.kickoffAt })
    .from(fixtures)
    .where(
      and(gte(fixtures.kickoffAt, p.start), lt(fixtures.kickoffAt, p.end), ne(fixtures.status, 'postponed')),
    );
}

/** Sign-ups made in the period, per event. */
export async function eventSignUps(db: DbOrTx, p: Period) {
  return db
    .select({ eventId: events.id, title: events.title, signUps: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.clubId, p.clubId),
        gte(eventRegistrations.createdAt, p.start),
        lt(eventRegistrations.createdAt, p.end),
      ),
    )
    .groupBy(events.id, events.title)
    .orderBy(desc(sql`count(*)`), asc(events.title));
}
