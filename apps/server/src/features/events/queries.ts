import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  clubs,
  eventExceptions,
  eventRegistrations,
  eventReminderSends,
  eventSettings,
  events,
  fixtures,
  teams,
  user,
} from '../../db/schema/index.ts';
import { sqlRows } from '../../db/sql-rows.ts';

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

/** Sign-ups per date of the given events: a map from `<event id>_<key>` (or the event id) to the count. */
export async function countRegistrations(
  db: DbOrTx,
  { clubId, eventIds }: { clubId: string; eventIds: string[] },
): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: eventRegistrations.eventId, key: eventRegistrations.occurrenceKey, n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.clubId, clubId), inArray(eventRegistrations.eventId, eventIds)))
    .groupBy(eventRegistrations.eventId, eventRegistrations.occurrenceKey);
  return new Map(rows.map((r) => [r.key ? `${r.eventId}_${r.key}` : r.eventId, r.n]));
}

/** The sign-ups to one date of one of the club's events; with `userId`, that member's only. */
const signUpsTo = ({
  clubId,
  eventId,
  key,
  userId,
}: {
  clubId: string;
  eventId: string;
  key: string;
  userId?: string;
}) =>
  and(
    eq(eventRegistrations.clubId, clubId),
    eq(eventRegistrations.eventId, eventId),
    eq(eventRegistrations.occurrenceKey, key),
    userId === undefined ? undefined : eq(eventRegistrations.userId, userId),
  );

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

export async function listRegistrations(
  db: DbOrTx,
  { clubId, eventId, key }: { clubId: string; eventId: string; key: string },
) {
  return db
    .select({
      id: eventRegistrations.id,
      name: user.name,
      email: user.email,
      teamName: eventRegistrations.teamName,
      teamSize: eventRegistrations.teamSize,
      createdAt: eventRegistrations.createdAt,
    })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(signUpsTo({ clubId, eventId, key }))
    .orderBy(asc(eventRegistrations.createdAt));
}

export async function findSettings(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db.select().from(eventSettings).where(eq(eventSettings.clubId, clubId));
  return { showMatches: row?.showMatches ?? false };
}

export async function saveSettings(
  db: DbOrTx,
  { clubId, showMatches }: { clubId: string; showMatches: boolean },
) {
  await db
    .insert(eventSettings)
    .values({ clubId, showMatches })
    .onConflictDoUpdate({ target: eventSettings.clubId, set: { showMatches } });
}

/**
 * The Premier League fixtures the app holds that kick off in [from, to), read as they stand now, so a
 * kick-off moved or a match postponed shows at once. Postponed and abandoned ones are left out.
 */
export async function listMatchesInRange(db: DbOrTx, { from, to }: { from: Date; to: Date }) {
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
          ON CONFLICT DO NOTHING
          RETURNING registration_id)
        SELECT c.registration_id, r.user_id FROM claimed c JOIN ${eventRegistrations} r ON r.id = c.registration_id`,
  );
}
