import { and, asc, eq, gt, gte, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { sqlRows } from '../../../db/sql-rows.ts';
import { user } from '../../account/read-model.ts';
import { clubs } from '../../club/read-model.ts';
import { fixtures, teams } from '../../game/read-model.ts';
import {
  eventExceptions,
  eventRegistrations,
  eventReminderSends,
  eventScreenMatches,
  events,
  eventWaitlist,
} from './schema.ts';

export type EventRow = typeof events.$inferSelect;
export type ExceptionRow = typeof eventExceptions.$inferSelect;
export type EventWithExceptions = EventRow & { exceptions: ExceptionRow[] };

async function withExceptions(db: DbOrTx, clubId: string, rows: EventRow[]): Promise<EventWithExceptions[]> {
  if (rows.length === 0) return [];
  const xs = await db
    .select()
    .from(eventExceptions)
    .where(
      and(
        eq(eventExceptions.clubId, clubId),
        inArray(
          eventExceptions.eventId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(eventExceptions.originalStartsAt));
  return rows.map((r) => ({ ...r, exceptions: xs.filter((x) => x.eventId === r.id) }));
}

export async function insertEvent(db: DbOrTx, values: typeof events.$inferInsert): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

export async function updateEvent(
  db: DbOrTx,
  {
    clubId,
    eventId,
    values,
  }: { clubId: string; eventId: string; values: Partial<typeof events.$inferInsert> },
): Promise<EventRow | undefined> {
  const [row] = await db
    .update(events)
    .set(values)
    .where(and(eq(events.id, eventId), eq(events.clubId, clubId)))
    .returning();
  return row;
}

export async function deleteEvent(db: DbOrTx, { clubId, eventId }: { clubId: string; eventId: string }) {
  const rows = await db
    .delete(events)
    .where(and(eq(events.id, eventId), eq(events.clubId, clubId)))
    .returning({ id: events.id });
  return rows.length > 0;
}

export async function findEvent(
  db: DbOrTx,
  { clubId, eventId, forUpdate = false }: { clubId: string; eventId: string; forUpdate?: boolean },
): Promise<EventWithExceptions | undefined> {
  const query = db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.clubId, clubId)));
  // FOR UPDATE: sign-ups for the event's dates wait for each other here, so the count they check is final.
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) return undefined;
  return (await withExceptions(db, clubId, [row]))[0];
}

/** The club's events that may have a date in [from, to): single ones overlapping it, series begun before its end. */
export async function listEventsInRange(
  db: DbOrTx,
  { clubId, from, to }: { clubId: string; from: Date; to: Date },
): Promise<EventWithExceptions[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.clubId, clubId),
        eq(events.cancelled, false),
        // A series is expanded whatever its first date: one of its dates may have been moved into the range.
        or(isNotNull(events.recurrence), and(lt(events.startsAt, to), gt(events.endsAt, from))),
      ),
    )
    .orderBy(asc(events.startsAt));
  return withExceptions(db, clubId, rows);
}

/** Every event of the club, cancelled ones too, for the admin. */
export async function listAllEvents(
  db: DbOrTx,
  { clubId }: { clubId: string },
): Promise<EventWithExceptions[]> {
  const rows = await db.select().from(events).where(eq(events.clubId, clubId)).orderBy(asc(events.startsAt));
  return withExceptions(db, clubId, rows);
}

export async function upsertException(
  db: DbOrTx,
  values: {
    clubId: string;
    eventId: string;
    originalStartsAt: Date;
    cancelled: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
  },
): Promise<ExceptionRow> {
  const [row] = await db
    .insert(eventExceptions)
    .values(values)
    .onConflictDoUpdate({
      target: [eventExceptions.eventId, eventExceptions.originalStartsAt],
      set: { cancelled: values.cancelled, startsAt: values.startsAt, endsAt: values.endsAt },
    })
    .returning();
  if (!row) throw new Error('exception upsert returned nothing');
  return row;
}

export async function deleteException(
  db: DbOrTx,
  { clubId, eventId, exceptionId }: { clubId: string; eventId: string; exceptionId: string },
) {
  const rows = await db
    .delete(eventExceptions)
    .where(
      and(
        eq(eventExceptions.id, exceptionId),
        eq(eventExceptions.eventId, eventId),
        eq(eventExceptions.clubId, clubId),
      ),
    )
    .returning({ id: eventExceptions.id });
  return rows.length > 0;
}

const occurrenceIdOf = (eventId: string, key: string) => (key ? `${eventId}_${key}` : eventId);

/** Places booked per date of the given events: a map from `<event id>_<key>` (or the event id) to the places. */
export async function countRegistrations(
  db: DbOrTx,
  { clubId, eventIds }: { clubId: string; eventIds: string[] },
): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      eventId: eventRegistrations.eventId,
      key: eventRegistrations.occurrenceKey,
      n: sql<number>`coalesce(sum(${eventRegistrations.places}), 0)::int`,
    })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.clubId, clubId), inArray(eventRegistrations.eventId, eventIds)))
    .groupBy(eventRegistrations.eventId, eventRegistrations.occurrenceKey);
  return new Map(rows.map((r) => [occurrenceIdOf(r.eventId, r.key), Number(r.n)]));
}

/** The member's own bookings among the given events: a map from occurrence id to the places booked. */
export async function myPlaces(
  db: DbOrTx,
  { clubId, eventIds, userId }: { clubId: string; eventIds: string[]; userId: string },
): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      eventId: eventRegistrations.eventId,
      key: eventRegistrations.occurrenceKey,
      places: eventRegistrations.places,
    })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.clubId, clubId),
        inArray(eventRegistrations.eventId, eventIds),
        eq(eventRegistrations.userId, userId),
      ),
    );
  return new Map(rows.map((r) => [occurrenceIdOf(r.eventId, r.key), r.places]));
}

/**
 * The rows of one date of one of the club's events, in its sign-ups or its waiting list (the two
 * tables share these columns); with `userId`, that member's only.
 */
const onDate = (
  table: typeof eventRegistrations | typeof eventWaitlist,
  { clubId, eventId, key, userId }: { clubId: string; eventId: string; key: string; userId?: string },
) =>
  and(
    eq(table.clubId, clubId),
    eq(table.eventId, eventId),
    eq(table.occurrenceKey, key),
    userId === undefined ? undefined : eq(table.userId, userId),
  );
const signUpsTo = (date: Parameters<typeof onDate>[1]) => onDate(eventRegistrations, date);
const waitingFor = (date: Parameters<typeof onDate>[1]) => onDate(eventWaitlist, date);

export async function insertRegistration(db: DbOrTx, values: typeof eventRegistrations.$inferInsert) {
  const [row] = await db.insert(eventRegistrations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findRegistration(
  db: DbOrTx,
  { clubId, eventId, key, userId }: { clubId: string; eventId: string; key: string; userId: string },
) {
  const [row] = await db.select().from(eventRegistrations).where(signUpsTo({ clubId, eventId, key, userId }));
  return row;
}

export async function deleteRegistration(
  db: DbOrTx,
  { clubId, eventId, key, userId }: { clubId: string; eventId: string; key: string; userId: string },
) {
  const rows = await db
    .delete(eventRegistrations)
    .where(signUpsTo({ clubId, eventId, key, userId }))
    .returning({ id: eventRegistrations.id });
  return rows.length > 0;
}

/** Removes one booking of a date by its id (the admin's "remove attendee"). */
export async function deleteRegistrationById(
  db: DbOrTx,
  { clubId, eventId, key, id }: { clubId: string; eventId: string; key: string; id: string },
) {
  const [row] = await db
    .delete(eventRegistrations)
    .where(and(signUpsTo({ clubId, eventId, key }), eq(eventRegistrations.id, id)))
    .returning();
  return row;
}

export async function listRegistrations(
  db: DbOrTx,
  { clubId, eventId, key }: { clubId: string; eventId: string; key: string },
) {
  return db
    .select({
      id: eventRegistrations.id,
      userId: eventRegistrations.userId,
      name: sql<string>`coalesce(${user.name}, ${eventRegistrations.guestName}, '')`,
      email: sql<string>`coalesce(${user.email}, '')`,
      guestPhone: eventRegistrations.guestPhone,
      places: eventRegistrations.places,
      teamName: eventRegistrations.teamName,
      teamSize: eventRegistrations.teamSize,
      createdAt: eventRegistrations.createdAt,
    })
    .from(eventRegistrations)
    .leftJoin(user, eq(user.id, eventRegistrations.userId))
    .where(signUpsTo({ clubId, eventId, key }))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
}

// ---- The waiting list ----

export async function insertWaitlistEntry(db: DbOrTx, values: typeof eventWaitlist.$inferInsert) {
  const [row] = await db.insert(eventWaitlist).values(values).onConflictDoNothing().returning();
  return row;
}

/** A date's waiting list in order, first in line first, with each member's name and email. */
export async function listWaitlist(
  db: DbOrTx,
  { clubId, eventId, key }: { clubId: string; eventId: string; key: string },
) {
  return (
    db
      .select({
        id: eventWaitlist.id,
        userId: eventWaitlist.userId,
        name: user.name,
        email: user.email,
        places: eventWaitlist.places,
        createdAt: eventWaitlist.createdAt,
      })
      .from(eventWaitlist)
      .innerJoin(user, eq(user.id, eventWaitlist.userId))
      // A deleted account keeps its row as an anonymous id: it waits for nothing.
      .where(and(waitingFor({ clubId, eventId, key }), eq(user.isAnonymous, false)))
      .orderBy(asc(eventWaitlist.createdAt), asc(eventWaitlist.id))
  );
}

/** The member's entry for a date and its position (1 = next in line), or undefined. */
export async function findWaitlistEntry(
  db: DbOrTx,
  { clubId, eventId, key, userId }: { clubId: string; eventId: string; key: string; userId: string },
) {
  const [row] = await db.select().from(eventWaitlist).where(waitingFor({ clubId, eventId, key, userId }));
  if (!row) return undefined;
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventWaitlist)
    .where(
      and(
        waitingFor({ clubId, eventId, key }),
        or(
          lt(eventWaitlist.createdAt, row.createdAt),
          and(eq(eventWaitlist.createdAt, row.createdAt), lt(eventWaitlist.id, row.id)),
        ),
      ),
    );
  return { ...row, position: Number(ahead?.n ?? 0) + 1 };
}

export async function countWaitlist(
  db: DbOrTx,
  { clubId, eventId, key }: { clubId: string; eventId: string; key: string },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventWaitlist)
    .where(waitingFor({ clubId, eventId, key }));
  return Number(row?.n ?? 0);
}

export async function deleteWaitlistEntry(
  db: DbOrTx,
  { clubId, eventId, key, userId }: { clubId: string; eventId: string; key: string; userId: string },
) {
  const rows = await db
    .delete(eventWaitlist)
    .where(waitingFor({ clubId, eventId, key, userId }))
    .returning({ id: eventWaitlist.id });
  return rows.length > 0;
}

/** The dates of an event that have anyone waiting (their occurrence keys). */
export async function waitlistKeys(db: DbOrTx, { clubId, eventId }: { clubId: string; eventId: string }) {
  const rows = await db
    .selectDistinct({ key: eventWaitlist.occurrenceKey })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.clubId, clubId), eq(eventWaitlist.eventId, eventId)));
  return rows.map((r) => r.key);
}

// ---- Matches on the big screen ----

export async function addScreenMatch(
  db: DbOrTx,
  { clubId, fixtureId }: { clubId: string; fixtureId: string },
) {
  await db.insert(eventScreenMatches).values({ clubId, fixtureId }).onConflictDoNothing();
}

export async function deleteScreenMatch(
  db: DbOrTx,
  { clubId, fixtureId }: { clubId: string; fixtureId: string },
) {
  const rows = await db
    .delete(eventScreenMatches)
    .where(and(eq(eventScreenMatches.clubId, clubId), eq(eventScreenMatches.fixtureId, fixtureId)))
    .returning({ fixtureId: eventScreenMatches.fixtureId });
  return rows.length > 0;
}

/** The fixture ids among these the club has chosen for its big screen. */
export async function chosenScreenMatches(
  db: DbOrTx,
  { clubId, fixtureIds }: { clubId: string; fixtureIds?: string[] },
): Promise<Set<string>> {
  if (fixtureIds?.length === 0) return new Set();
  const rows = await db
    .select({ fixtureId: eventScreenMatches.fixtureId })
    .from(eventScreenMatches)
    .where(
      and(
        eq(eventScreenMatches.clubId, clubId),
        fixtureIds ? inArray(eventScreenMatches.fixtureId, fixtureIds) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.fixtureId));
}

/**
 * The Premier League fixtures the app holds that kick off in [from, to), read as they stand now, so a
 * kick-off moved or a match postponed shows at once. Postponed and abandoned ones are left out.
 */
export async function listMatchesInRange(
  db: DbOrTx,
  { from, to, chosenBy }: { from: Date; to: Date; chosenBy?: string },
) {
  const home = alias(teams, 'home_team');
  const away = alias(teams, 'away_team');
  return db
    .select({
      id: fixtures.id,
      kickoffAt: fixtures.kickoffAt,
      kickoffTbc: fixtures.kickoffTbc,
      homeName: home.name,
      awayName: away.name,
    })
    .from(fixtures)
    .innerJoin(home, eq(home.id, fixtures.homeTeamId))
    .innerJoin(away, eq(away.id, fixtures.awayTeamId))
    .where(
      and(
        gte(fixtures.kickoffAt, from),
        lt(fixtures.kickoffAt, to),
        notInArray(fixtures.status, ['postponed', 'abandoned']),
        // With `chosenBy`, only the matches that club picked for its big screen.
        chosenBy === undefined
          ? undefined
          : inArray(
              fixtures.id,
              db
                .select({ id: eventScreenMatches.fixtureId })
                .from(eventScreenMatches)
                .where(eq(eventScreenMatches.clubId, chosenBy)),
            ),
      ),
    )
    .orderBy(asc(fixtures.kickoffAt))
    .limit(1000);
}

export async function findMatch(db: DbOrTx, { fixtureId }: { fixtureId: string }) {
  const home = alias(teams, 'home_team');
  const away = alias(teams, 'away_team');
  const [row] = await db
    .select({
      id: fixtures.id,
      kickoffAt: fixtures.kickoffAt,
      kickoffTbc: fixtures.kickoffTbc,
      status: fixtures.status,
      homeName: home.name,
      awayName: away.name,
    })
    .from(fixtures)
    .innerJoin(home, eq(home.id, fixtures.homeTeamId))
    .innerJoin(away, eq(away.id, fixtures.awayTeamId))
    .where(eq(fixtures.id, fixtureId));
  return row;
}

/** The club an event belongs to, for a calendar app that follows an event's .ics link without a session. */
export async function findEventClub(db: DbOrTx, { eventId }: { eventId: string }) {
  const [row] = await db
    .select({ slug: clubs.slug })
    .from(events)
    .innerJoin(clubs, eq(clubs.id, events.clubId))
    .where(eq(events.id, eventId));
  return row;
}

// ---- Reminders ----

/** Clubs with any sign-up for an event that is not cancelled: the ones the reminder pass looks at. */
export async function clubsWithSignUps(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clubId: eventRegistrations.clubId })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(events.cancelled, false));
  return rows.map((r) => r.clubId);
}

/**
 * Claims the sign-ups for one date that have not had this reminder, in one statement. The unique key
 * (registration, reminder) makes it exactly once across processes: a second process's insert waits
 * for the first's transaction and then does nothing.
 */
export async function claimEventReminders(
  tx: DbOrTx,
  r: { clubId: string; eventId: string; key: string; reminder: '24h' | '2h'; startsAt: Date },
) {
  return sqlRows<{ registration_id: string; user_id: string }>(
    tx,
    sql`WITH claimed AS (
          INSERT INTO ${eventReminderSends} (club_id, registration_id, reminder, starts_at)
          SELECT r.club_id, r.id, ${r.reminder}, ${r.startsAt.toISOString()}::timestamptz
          FROM ${eventRegistrations} r
          WHERE r.club_id = ${r.clubId} AND r.event_id = ${r.eventId} AND r.occurrence_key = ${r.key}
            AND r.user_id IS NOT NULL
          ON CONFLICT DO NOTHING
          RETURNING registration_id)
        SELECT c.registration_id, r.user_id FROM claimed c JOIN ${eventRegistrations} r ON r.id = c.registration_id`,
  );
}
