import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { textArray } from '../../db/text-array.ts';
import { user } from '../account/read-model.ts';
import { clubs, memberships } from '../club/read-model.ts';
import {
  broadcasts,
  deliveryChannels,
  notificationPreferences,
  notifications,
  pushDevices,
  serverKeys,
} from './schema.ts';

/**
 * A notification's club or user compared in the "C" collation. user_id is a "C" column, the first of
 * the primary key the inbox reads by (schema.ts); club_id is filtered among that user's rows.
 */
function inC(column: typeof notifications.clubId | typeof notifications.userId) {
  return sql`${column} COLLATE "C"`;
}

export async function listNotifications(
  db: DbOrTx,
  { clubId, userId, limit }: { clubId: string; userId: string; limit: number },
) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(inC(notifications.clubId), clubId),
        eq(inC(notifications.userId), userId),
        eq(notifications.listed, true),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(inC(notifications.clubId), clubId),
        eq(inC(notifications.userId), userId),
        eq(notifications.listed, true),
        isNull(notifications.readAt),
      ),
    );
  return row?.n ?? 0;
}

export async function markRead(
  db: DbOrTx,
  { clubId, userId, ids, at }: { clubId: string; userId: string; ids: string[] | 'all'; at: Date },
) {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(inC(notifications.clubId), clubId),
        eq(inC(notifications.userId), userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
}

/** The club's members a notification goes to: named users, or everyone of an audience. */
export async function recipientsOf(
  db: DbOrTx,
  {
    clubId,
    userIds,
    audience,
  }: { clubId: string; userIds?: readonly string[]; audience?: 'members' | 'staff' | 'admins' },
) {
  const roleFilter =
    audience === 'staff'
      ? inArray(memberships.role, ['staff', 'admin'])
      : audience === 'admins'
        ? eq(memberships.role, 'admin')
        : undefined;
  // The club's members are its memberships (docs/decisions/019-memberships-and-the-acting-club.md).
  return db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(
      and(
        eq(memberships.clubId, clubId),
        userIds ? inArray(user.id, userIds.length ? [...userIds] : ['']) : undefined,
        roleFilter,
      ),
    );
}

export async function preferencesOf(db: DbOrTx, { clubId, userIds }: { clubId: string; userIds: string[] }) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.clubId, clubId), inArray(notificationPreferences.userId, userIds)));
}

export async function savePreferences(db: DbOrTx, values: typeof notificationPreferences.$inferInsert) {
  const { userId: _u, clubId: _c, ...set } = values;
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({ target: notificationPreferences.userId, set });
}

/** Users of the club who have a device that can take a push now. */
export async function usersWithPush(db: DbOrTx, { clubId, userIds }: { clubId: string; userIds: string[] }) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ userId: pushDevices.userId })
    .from(pushDevices)
    .where(
      and(eq(pushDevices.clubId, clubId), inArray(pushDevices.userId, userIds), eq(pushDevices.state, 'on')),
    );
  return new Set(rows.map((r) => r.userId));
}

export interface ClaimedDevice {
  id: string;
  platform: 'web' | 'android' | 'ios';
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  token: string | null;
}

export interface ClaimedDelivery {
  /** The delivery: its channel, user and notification (`deliveryKey`). */
  id: string;
  club_id: string;
  channel: 'push' | 'email';
  attempts: number;
  notification_id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  email: string;
  name: string;
  /** A push's devices that can take it now (none for an email). */
  devices: ClaimedDevice[] | null;
}

/** A delivery's id: its channel and its notification's key (user and id). */
function deliveryKey(channel: 'push' | 'email', userId: string, notificationId: string) {
  return JSON.stringify([channel, userId, notificationId]);
}

/** The notifications' keys of delivery ids, by channel, as two arrays each (users, ids). */
function byChannel(keys: readonly string[]) {
  const out = {
    push: { users: [] as string[], ids: [] as string[] },
    email: { users: [] as string[], ids: [] as string[] },
  };
  for (const key of keys) {
    const [channel, userId, id] = JSON.parse(key) as ['push' | 'email', string, string];
    out[channel].users.push(userId);
    out[channel].ids.push(id);
  }
  return out;
}

/** The notifications of a channel's keys, read by the primary key. */
function keyIn(k: { users: string[]; ids: string[] }) {
  return sql`(user_id, id) IN (SELECT * FROM unnest(${textArray(k.users)}::text[], ${textArray(k.ids)}::text[]))`;
}

/**
 * The delivery is still being sent: checked on the rows a statement found by their keys. Not written
 * `push_status = 'sending'`, which the partial index of claims in flight answers: with statistics
 * older than a burst (a queue that looked empty), the planner read every claim in flight through that
 * index for each batch recorded, renewed or released, rather than look up the batch's keys, and with
 * two processes the claims in flight grew faster than they were recorded (decision 033).
 */
function stillSending(channel: 'push' | 'email') {
  return sql`${col(channel, 'status')} IS NOT DISTINCT FROM 'sending'`;
}

/** A channel's delivery columns (push_status, push_attempts...): names from this closed list only. */
function col(channel: 'push' | 'email', name: 'status' | 'attempts' | 'sent_at' | 'not_before' | 'detail') {
  return sql.raw(`${channel}_${name}`);
}

/**
 * Claims a batch of pending deliveries for this process, with what sending them needs (the message,
 * the address, the devices): the row locks are skipped by every other process, and the claim (status
 * 'sending', its lease from `now`) is committed before anything is sent, so a delivery goes out once.
 * A pending delivery waits for its `not_before`; a claim whose lease was not renewed for `leaseMs` (its
 * process died mid-batch) is taken again, up to `maxAttempts` times.
 *
 * A delivery is a channel of a notification's row (push_status, email_status...). Each channel's
 * pending and lapsed ones are taken from its partial index as they come, with no order: ordered by
 * their time, a claim after a burst of 100,000 reminders (the statistics still those of an empty
 * queue) read and sorted every pending row to keep 500, ~50 ms a claim and most of the database's
 * time while sending (decision 033). What is taken is then sent oldest first. The devices come as a
 * row each (a JSON object per device cost more to build and to parse than the rows).
 */
export async function claimDeliveries(
  db: DbOrTx,
  { limit, now, leaseMs, maxAttempts }: { limit: number; now: Date; leaseMs: number; maxAttempts: number },
): Promise<ClaimedDelivery[]> {
  const lapsed = new Date(now.getTime() - leaseMs);
  const pending = (channel: 'push' | 'email') => sql`${sql.raw(channel)}_pending AS (
          SELECT user_id, id, created_at, ${channel}::text AS channel FROM ${notifications}
          WHERE ${col(channel, 'status')} = 'pending'
            AND (${col(channel, 'not_before')} IS NULL OR ${col(channel, 'not_before')} <= ${now})
          LIMIT ${limit} FOR UPDATE SKIP LOCKED),
        ${sql.raw(channel)}_lapsed AS (
          SELECT user_id, id, created_at, ${channel}::text AS channel FROM ${notifications}
          WHERE ${col(channel, 'status')} = 'sending' AND ${col(channel, 'sent_at')} < ${lapsed}
            AND ${col(channel, 'attempts')} < ${maxAttempts}
          LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
  const take = (
    channel: 'push' | 'email',
  ) => sql`${col(channel, 'status')} = CASE WHEN t.${sql.raw(channel)} THEN 'sending' ELSE n.${col(channel, 'status')} END,
            ${col(channel, 'attempts')} = n.${col(channel, 'attempts')} + t.${sql.raw(channel)}::int,
            ${col(channel, 'sent_at')} = CASE WHEN t.${sql.raw(channel)} THEN ${now}::timestamptz ELSE n.${col(channel, 'sent_at')} END,
            ${col(channel, 'not_before')} = CASE WHEN t.${sql.raw(channel)} THEN NULL ELSE n.${col(channel, 'not_before')} END`;
  const rows = await sqlRows<
    Omit<ClaimedDelivery, 'devices' | 'id'> & {
      device_id: string | null;
      platform: ClaimedDevice['platform'] | null;
      endpoint: string | null;
      p256dh: string | null;
      auth: string | null;
      token: string | null;
    }
  >(
    db,
    sql`WITH ${pending('push')}, ${pending('email')},
        due AS (
          SELECT * FROM push_pending UNION ALL SELECT * FROM push_lapsed
          UNION ALL SELECT * FROM email_pending UNION ALL SELECT * FROM email_lapsed
          ORDER BY created_at
          LIMIT ${limit}),
        taken AS (
          SELECT user_id, id, bool_or(channel = 'push') AS push, bool_or(channel = 'email') AS email
          FROM due GROUP BY user_id, id),
        claimed AS (
          UPDATE ${notifications} n SET ${take('push')}, ${take('email')}
          FROM taken t WHERE n.user_id = t.user_id AND n.id = t.id
          RETURNING n.id, n.club_id, n.user_id, n.kind, n.title, n.body, n.link, t.push, t.email,
            n.push_attempts, n.email_attempts)
        SELECT c.id AS notification_id, c.club_id, ch.channel, ch.attempts, c.user_id, c.kind, c.title, c.body,
               c.link, u.email, u.name, pd.id AS device_id, pd.platform, pd.endpoint, pd.p256dh, pd.auth, pd.token
        FROM claimed c
          CROSS JOIN LATERAL (VALUES ('push', c.push, c.push_attempts), ('email', c.email, c.email_attempts))
            AS ch(channel, claimed, attempts)
          -- user_id is a "C" column; compared in the database's collation, the user's and the devices'
          -- indexes serve the joins.
          JOIN ${user} u ON u.id = c.user_id COLLATE "default"
          LEFT JOIN ${pushDevices} pd ON ch.channel = 'push' AND pd.club_id = c.club_id
            AND pd.user_id = c.user_id COLLATE "default" AND pd.state = 'on'
        WHERE ch.claimed`,
  );
  const claimed = new Map<string, ClaimedDelivery>();
  for (const { device_id, platform, endpoint, p256dh, auth, token, ...d } of rows) {
    const id = deliveryKey(d.channel, d.user_id, d.notification_id);
    let delivery = claimed.get(id);
    if (!delivery) {
      delivery = { ...d, id, devices: d.channel === 'push' ? [] : null };
      claimed.set(id, delivery);
    }
    if (device_id !== null && platform !== null)
      delivery.devices?.push({ id: device_id, platform, endpoint, p256dh, auth, token });
  }
  return [...claimed.values()];
}

export interface DeliveryOutcome {
  id: string;
  /** 'pending': tried again from `notBefore`. */
  status: 'sent' | 'failed' | 'skipped' | 'pending';
  detail: string | null;
  notBefore?: Date | null;
}

/**
 * The outcomes of deliveries this process claimed, a statement per kind of outcome and channel (most
 * are all 'sent' pushes). A delivery no longer 'sending' (its lease lapsed and another process sent it)
 * is left as that process left it. The notifications are found by their key from two arrays.
 */
export async function recordDeliveries(
  db: DbOrTx,
  { outcomes, at }: { outcomes: DeliveryOutcome[]; at: Date },
) {
  const groups = new Map<string, { o: DeliveryOutcome; ids: string[] }>();
  for (const o of outcomes) {
    const key = JSON.stringify([o.status, o.detail, o.notBefore?.getTime() ?? null]);
    const g = groups.get(key);
    if (g) g.ids.push(o.id);
    else groups.set(key, { o, ids: [o.id] });
  }
  for (const { o, ids } of groups.values()) {
    const keys = byChannel(ids);
    for (const channel of deliveryChannels) {
      if (keys[channel].ids.length === 0) continue;
      await db.execute(
        sql`UPDATE ${notifications}
            SET ${col(channel, 'status')} = ${o.status}, ${col(channel, 'detail')} = ${o.detail},
              ${col(channel, 'not_before')} = ${o.notBefore?.toISOString() ?? null}::timestamptz,
              ${col(channel, 'sent_at')} = ${o.status === 'pending' ? null : at.toISOString()}::timestamptz
            WHERE ${keyIn(keys[channel])} AND ${stillSending(channel)}`,
      );
    }
  }
}

/**
 * Renews this process's lease on the deliveries it is still sending. A row locked at that moment is
 * skipped: its outcome is being recorded (by this process's own flush, on another connection, which
 * locked its rows in another order: waiting for it deadlocked at 100,000 pushes), so it needs no lease.
 */
export async function renewClaims(db: DbOrTx, { ids, at }: { ids: string[]; at: Date }) {
  const keys = byChannel(ids);
  for (const channel of deliveryChannels) {
    if (keys[channel].ids.length === 0) continue;
    await db.execute(
      sql`UPDATE ${notifications} SET ${col(channel, 'sent_at')} = ${at.toISOString()}::timestamptz
          WHERE (user_id, id) IN (
            SELECT user_id, id FROM ${notifications}
            WHERE ${keyIn(keys[channel])} AND ${stillSending(channel)}
            FOR UPDATE SKIP LOCKED)`,
    );
  }
}

/** Deliveries claimed but not sent (the process is stopping): back to the queue at once. */
export async function releaseClaims(db: DbOrTx, { ids }: { ids: string[] }) {
  const keys = byChannel(ids);
  for (const channel of deliveryChannels) {
    if (keys[channel].ids.length === 0) continue;
    await db.execute(
      sql`UPDATE ${notifications} SET ${col(channel, 'status')} = 'pending',
            ${col(channel, 'attempts')} = ${col(channel, 'attempts')} - 1, ${col(channel, 'sent_at')} = NULL
          WHERE ${keyIn(keys[channel])} AND ${stillSending(channel)}`,
    );
  }
}

export async function listDevices(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  return db
    .select()
    .from(pushDevices)
    .where(and(eq(pushDevices.clubId, clubId), eq(pushDevices.userId, userId)))
    .orderBy(desc(pushDevices.renewedAt));
}

/** Saves a device's subscription or token; the endpoint or token moves to this user and device. */
export async function upsertDevice(
  db: DbOrTx,
  values: {
    clubId: string;
    userId: string;
    deviceId: string;
    platform: 'web' | 'android' | 'ios';
    label: string;
    endpoint: string | null;
    p256dh: string | null;
    auth: string | null;
    token: string | null;
    at: Date;
  },
) {
  const { at, ...v } = values;
  if (v.endpoint)
    await db
      .delete(pushDevices)
      .where(
        and(
          eq(pushDevices.endpoint, v.endpoint),
          sql`(${pushDevices.userId}, ${pushDevices.deviceId}) <> (${v.userId}, ${v.deviceId})`,
        ),
      );
  if (v.token)
    await db
      .delete(pushDevices)
      .where(
        and(
          eq(pushDevices.token, v.token),
          sql`(${pushDevices.userId}, ${pushDevices.deviceId}) <> (${v.userId}, ${v.deviceId})`,
        ),
      );
  const set = { ...v, state: 'on' as const, renewedAt: at, lapsedAt: null };
  await db
    .insert(pushDevices)
    .values(set)
    .onConflictDoUpdate({ target: [pushDevices.userId, pushDevices.deviceId], set });
}

/** The push service said the subscription is gone (404/410): it is removed, the device marked lapsed. */
export async function lapseDevice(db: DbOrTx, { clubId, id, at }: { clubId: string; id: string; at: Date }) {
  await db
    .update(pushDevices)
    .set({ state: 'lapsed', endpoint: null, p256dh: null, auth: null, token: null, lapsedAt: at })
    .where(and(eq(pushDevices.clubId, clubId), eq(pushDevices.id, id)));
}

export async function deleteDevice(
  db: DbOrTx,
  { clubId, userId, deviceId }: { clubId: string; userId: string; deviceId: string },
) {
  await db
    .delete(pushDevices)
    .where(
      and(eq(pushDevices.clubId, clubId), eq(pushDevices.userId, userId), eq(pushDevices.deviceId, deviceId)),
    );
}

/** A key made once for every process: the first to insert wins, the others read it. */
export async function sharedKey(
  db: DbOrTx,
  { name, make }: { name: string; make: () => Record<string, string> },
) {
  await db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  if (!row) throw new Error(`server key ${name} missing`);
  return row.value;
}

/** The club a signed link's person acts in: their last club, if they still belong to it. */
export async function clubOfUser(db: DbOrTx, { userId }: { userId: string }): Promise<string | null> {
  const [row] = await db
    .select({ clubId: memberships.clubId })
    .from(user)
    .innerJoin(memberships, and(eq(memberships.userId, user.id), eq(memberships.clubId, user.lastClubId)))
    .where(eq(user.id, userId));
  return row?.clubId ?? null;
}

/**
 * Records that a deployment-wide alert is now `state` ('on' or 'off'); true only for the one call
 * that changed it (concurrent calls from other processes wait for its row and then find it set).
 */
export async function switchDeploymentAlert(
  db: DbOrTx,
  { name, state, at }: { name: string; state: 'on' | 'off'; at: Date },
): Promise<boolean> {
  await db
    .insert(serverKeys)
    .values({ name, value: { state: 'off' } })
    .onConflictDoNothing();
  const changed = await db
    .update(serverKeys)
    .set({ value: { state, at: at.toISOString() } })
    .where(and(eq(serverKeys.name, name), sql`${serverKeys.value}->>'state' <> ${state}`))
    .returning({ name: serverKeys.name });
  return changed.length > 0;
}

export async function insertBroadcast(db: DbOrTx, values: typeof broadcasts.$inferInsert) {
  const [row] = await db.insert(broadcasts).values(values).returning({ id: broadcasts.id });
  return row?.id as string;
}

/** The club's messages to its members, newest first, with the sender's name. */
export async function listBroadcasts(db: DbOrTx, { clubId, limit }: { clubId: string; limit: number }) {
  return db
    .select({
      id: broadcasts.id,
      audience: broadcasts.audience,
      title: broadcasts.title,
      body: broadcasts.body,
      createdAt: broadcasts.createdAt,
      recipients: broadcasts.recipients,
      sentBy: user.name,
    })
    .from(broadcasts)
    .leftJoin(user, eq(user.id, broadcasts.sentBy))
    .where(eq(broadcasts.clubId, clubId))
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(limit);
}

/**
 * The clubs not closed, for an alert to every club's admins. Read through the club's read model: the club
 * domain notifies, so a function of its index.ts here would make the two import each other.
 */
export async function openClubIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: clubs.id }).from(clubs).where(isNull(clubs.closedAt));
  return rows.map((r) => r.id);
}
