import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sqlState } from '../../db/pg-errors.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Registries } from '../../lib/registries.ts';
import { recipientsOf } from './queries.ts';
import { notificationPreferences, notifications, pushDevices } from './schema.ts';

/** What notifying takes: the event's transaction, the clock, and the app's kinds of notification. */
export interface NotifyContext {
  db: DbOrTx;
  clock: Clock;
  registries: Pick<Registries, 'notificationKinds'>;
}

export interface NotifyInput {
  clubId: string;
  /** Named members of the club (others are ignored), or a whole audience. */
  userIds?: readonly string[];
  audience?: 'members' | 'staff' | 'admins';
  /** A registered kind (kinds.ts: reminders, results, news, admin, and what later features add). */
  kind: string;
  title: string;
  body: string;
  /** An in-app path such as /admin. */
  link?: string | null;
  /** Ignores quiet hours (the last-call reminder). */
  urgent?: boolean;
}

export interface NotifyResult {
  /** In the messages' order; only when asked for (`ids`), as a pass may notify 100,000. */
  notificationIds: string[];
  /** Notifications written, one per message. */
  notified: number;
  /** Distinct members notified (0 when not counted: notifySet's `countRecipients`). */
  recipients: number;
  /** Recipients it reaches in at least one way: listed in the app, or a push or email queued (0 when not counted). */
  reached: number;
  /** Push and email deliveries queued; sent by the delivery worker after the transaction commits. */
  deliveries: number;
}

/**
 * The one way any feature notifies members. Writes each recipient's notification and the push and
 * email deliveries their preferences and quiet hours allow, in the caller's transaction (`db` may be
 * one): if the event rolls back, nothing is sent. Then call `services.notifier.kick()` after the commit
 * to send at once; otherwise the worker's next pass (every second) sends it.
 */
export async function notify(services: NotifyContext, input: NotifyInput): Promise<NotifyResult> {
  const kind = services.registries.notificationKinds.get(input.kind);
  const people =
    input.userIds && input.userIds.length === 0
      ? []
      : await recipientsOf(services.db, {
          clubId: input.clubId,
          userIds: input.userIds,
          audience: input.userIds ? undefined : (input.audience ?? 'members'),
        });
  return notifyUsers(services, {
    ...input,
    kind: kind.kind,
    messages: people.map((p) => ({ userId: p.id })),
  });
}

/** notify() for recipients already known, each with a message of their own (reminders, results). */
export async function notifyUsers(
  services: NotifyContext,
  input: Omit<NotifyInput, 'userIds' | 'audience'> & {
    messages: { userId: string; title?: string; body?: string; link?: string | null }[];
  },
): Promise<NotifyResult> {
  if (input.messages.length === 0)
    return { notificationIds: [], notified: 0, recipients: 0, reached: 0, deliveries: 0 };
  const rows = input.messages.map((m, i) => ({
    ord: i,
    user_id: m.userId,
    title: m.title ?? input.title,
    body: m.body ?? input.body,
    link: m.link !== undefined ? m.link : (input.link ?? null),
  }));
  return notifySet(services, {
    kind: input.kind,
    ids: true,
    messages: sql`SELECT m.ord, ${input.clubId}::text AS club_id, m.user_id, m.title, m.body, m.link,
        ${input.urgent ?? false}::boolean AS urgent
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS m(ord int, user_id text, title text, body text, link text)`,
  });
}

export interface NotifySetInput {
  /** A registered kind. */
  kind: string;
  /**
   * Common table expressions the messages' query reads (`name AS (...)`, comma-separated). They may
   * write, a reminder's claim for instance: then the claim, the notifications and their deliveries
   * are one statement, and what was claimed is what is notified.
   */
  with?: SQL;
  /**
   * One row per notification: ord (its place, for the ids returned), club_id, user_id, title, body,
   * link, urgent (ignores quiet hours); and `id` when `claim` is set.
   */
  messages: SQL;
  /**
   * Each message brings its own deterministic `id`, and the notification's row is the claim: it is
   * written only if the user has no notification with that id yet (a second process's insert waits
   * for the first's and then writes nothing), and only what was written is queued and counted. A reminder is sent
   * once this way, with no claim table of its own.
   */
  claim?: boolean;
  /** Return the notifications' ids, in `ord` order. */
  ids?: boolean;
  /**
   * Count the distinct recipients and those reached (true by default). A pass that only needs how many
   * it wrote turns it off: each count sorts every message again (~10% of a 10,000-reminder pass).
   */
  countRecipients?: boolean;
}

/**
 * Notifies a set of members in one statement, whatever its size: each message's notification (listed
 * in the app when its kind's in-app channel is on) and the push and email deliveries the member's
 * preferences and quiet hours allow, a push only to a member with a device that can take one. The
 * preferences are read in the same statement, as `channelsFor` and `inQuietHours` read them.
 */
export async function notifySet(services: NotifyContext, input: NotifySetInput): Promise<NotifyResult> {
  const kind = services.registries.notificationKinds.get(input.kind);
  const now = services.clock.now();
  const at = now.toISOString();
  // The member's minutes into the day in their own time zone, as minutesIntoDay counts them.
  const minutes = sql`(extract(hour FROM (${at}::timestamptz AT TIME ZONE p.time_zone)) * 60
    + extract(minute FROM (${at}::timestamptz AT TIME ZONE p.time_zone)))`;
  const consent = kind.emailNeedsConsent ? sql`p.news_email_consent_at IS NOT NULL` : sql`true`;
  const counted = input.countRecipients !== false;
  const statement = (conflicts: boolean, db: DbOrTx = services.db) =>
    sqlRows<{
      ids: string[] | null;
      notified: number;
      recipients: number | null;
      reached: number | null;
      deliveries: number;
    }>(
      db,
      sql`WITH ${input.with ? sql`${input.with},` : sql``}
      msg AS (${input.messages}),
      decided AS (
        SELECT ${input.claim ? sql`m.id` : sql`gen_random_uuid()::text`} AS id, m.ord, m.club_id, m.user_id, m.title, m.body, m.link,
          coalesce((ch.c->>'inApp')::boolean, true) AS in_app,
          coalesce((ch.c->>'push')::boolean, false) AND NOT q.quiet AND EXISTS (
            SELECT 1 FROM ${pushDevices} d
            WHERE d.club_id = m.club_id AND d.user_id = m.user_id AND d.state = 'on') AS push,
          coalesce((ch.c->>'email')::boolean, false) AND ${consent} AND NOT q.quiet AS email
        FROM msg m
        LEFT JOIN ${notificationPreferences} p ON p.user_id = m.user_id AND p.club_id = m.club_id
        CROSS JOIN LATERAL (
          SELECT coalesce(p.channels -> ${kind.kind}::text, ${JSON.stringify(kind.defaults)}::jsonb) AS c) ch
        CROSS JOIN LATERAL (
          SELECT NOT m.urgent AND coalesce(p.quiet_enabled, false) AND p.quiet_start <> p.quiet_end AND (
            CASE WHEN p.quiet_start < p.quiet_end
              THEN ${minutes} >= p.quiet_start AND ${minutes} < p.quiet_end
              ELSE ${minutes} >= p.quiet_start OR ${minutes} < p.quiet_end END) IS TRUE AS quiet) q),
      -- The notification's row is also its push and email deliveries, queued ('pending') for the
      -- sender: one row per message. A data-modifying CTE runs whether or not it is read.
      listed AS (
        INSERT INTO ${notifications} (id, club_id, user_id, kind, title, body, link, listed, created_at,
          push_status, email_status)
        SELECT id, club_id, user_id, ${kind.kind}, title, body, link, in_app, ${at}::timestamptz,
          CASE WHEN push THEN 'pending' END, CASE WHEN email THEN 'pending' END
        ${
          input.claim
            ? // Only the notifications this statement writes (claims) are returned, queued and counted:
              // those already written are left out here, and those another process is writing now
              // make this statement fail (unique violation) or, when told so, are skipped (ON CONFLICT).
              // In key order, so two passes claiming the same ids never wait on each other both ways.
              sql`FROM decided d WHERE NOT EXISTS (
                  SELECT 1 FROM ${notifications} n WHERE n.user_id = d.user_id AND n.id = d.id)
                ORDER BY user_id COLLATE "C", id COLLATE "C"
                ${conflicts ? sql`ON CONFLICT (user_id, id) DO NOTHING` : sql``}`
            : sql`FROM decided`
        }
        RETURNING ${counted || input.ids ? sql`id, user_id, listed,` : sql``} push_status IS NOT NULL AS push, email_status IS NOT NULL AS email)
    SELECT ${
      input.ids
        ? sql`(SELECT coalesce(jsonb_agg(d.id ORDER BY d.ord), '[]'::jsonb) FROM decided d JOIN listed l ON l.id = d.id)`
        : sql`NULL`
    } AS ids,
      count(*)::int AS notified,
      ${
        counted
          ? sql`count(DISTINCT user_id)::int AS recipients,
      count(DISTINCT user_id) FILTER (WHERE listed OR push OR email)::int AS reached,`
          : sql`NULL::int AS recipients, NULL::int AS reached,`
      }
      (count(*) FILTER (WHERE push) + count(*) FILTER (WHERE email))::int AS deliveries
    FROM listed`,
    );
  let row: Awaited<ReturnType<typeof statement>>[number] | undefined;
  if (input.claim) {
    // A plain insert first: ON CONFLICT's speculative insertion cost ~15% of a reminder pass
    // (docs/decisions/030-reminders-one-row-per-reminder.md), and a conflict is rare, only when
    // another process claims the same reminders at the same moment: then this one waits for it, fails
    // with a unique violation, and claims what is left with ON CONFLICT DO NOTHING.
    try {
      [row] = await services.db.transaction((sp) => statement(false, sp));
    } catch (err) {
      if (sqlState(err) !== '23505') throw err;
      [row] = await statement(true);
    }
  } else {
    [row] = await statement(false);
  }
  return {
    notificationIds: row?.ids ?? [],
    notified: row?.notified ?? 0,
    recipients: row?.recipients ?? 0,
    reached: row?.reached ?? 0,
    deliveries: row?.deliveries ?? 0,
  };
}
