import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns.ts';
import { user } from '../account/schema.ts';
import { clubIdColumn } from '../club/schema.ts';

/** One notification in one user's list: the in-app channel, and what push and email carry. */
export const notifications = pgTable(
  'notifications',
  {
    // In the "C" collation, as are the deliveries' id and notification_id (migration 0040; drizzle
    // cannot say so here): byte comparisons in the primary keys a reminder pass writes 10,000 of.
    id: id(),
    // The recipient's club, with no foreign key: notifySet, the only writer, takes it from a row that
    // holds a club's key (the entry, the membership, the competition) or from the caller's club, and
    // clubs are closed, never deleted; a key here is a check per row that a pass writing every club's
    // reminders at once pays 10,000 times (docs/decisions/029-reminders-one-row.md).
    clubId: text('club_id').notNull(),
    // The recipient, with no foreign key either: notifySet takes each recipient from a row that holds
    // the user's key (the entry, the membership), and a statement-level trigger (migration 0039)
    // removes a removed user's notifications, as the cascade did.
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** False when the user turned the in-app channel off for this kind: kept only to send it. */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // Keys in the "C" collation (byte comparisons, not the locale's): each notification a pass writes
    // inserts into both, and the locale's comparisons were a sixth of the pass's statement CPU. The
    // inbox's queries compare in that collation (queries.ts `inC`) so that these serve them.
    index('notifications_club_user_idx').on(
      sql`${t.clubId} COLLATE "C"`,
      sql`${t.userId} COLLATE "C"`,
      t.createdAt,
    ),
    index('notifications_unread_idx')
      .on(sql`${t.userId} COLLATE "C"`)
      .where(sql`${t.readAt} IS NULL AND ${t.listed}`),
  ],
);

export const deliveryChannels = ['push', 'email'] as const;
export const deliveryStatuses = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * The outbox of the sending path: a row per notification and channel, written in the transaction of
 * the event, claimed by one process (FOR UPDATE SKIP LOCKED) and sent within a second or two. A
 * claim is a lease its process renews while sending: a process that died leaves claims that lapse and
 * are taken again by another (or by it, restarted).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: id(),
    // The notification's club, with no foreign key of its own: the notification's key already holds
    // the row to a notification of an existing club (docs/decisions/025-settlement-in-place-and-three-round-trip-picks.md).
    clubId: text('club_id').notNull(),
    // No foreign key: notifySet writes each delivery in the statement that writes its notification, and
    // a statement-level trigger (migration 0038) removes the deliveries of removed notifications, as
    // the cascade did, without a check per row written (docs/decisions/029-reminders-one-row.md).
    notificationId: text('notification_id').notNull(),
    channel: text('channel', { enum: deliveryChannels }).notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    detail: text('detail'),
    createdAt: createdAt(),
    /** When sent or given up; while 'sending', when the claim was made or last renewed (its lease). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A pending delivery the push service asked to wait for (429, 5xx): not claimed before then. */
    notBefore: timestamp('not_before', { withTimezone: true }),
  },
  (t) => [
    // Nothing reads deliveries by club: the (club, notification) index is gone (migration 0038).
    index('notification_deliveries_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The claims being sent, for the sender's search for lapsed ones: without it every batch read
    // the whole table (100,000 reminders: 200 batches, each a scan of every delivery ever queued).
    index('notification_deliveries_sending_idx').on(t.sentAt).where(sql`${t.status} = 'sending'`),
  ],
);

export interface ChannelChoice {
  push: boolean;
  email: boolean;
  inApp: boolean;
}

/** One row per user: absent means every default (quiet hours off, Europe/London). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  clubId: clubIdColumn(),
  timeZone: text('time_zone').notNull().default('Europe/London'),
  quietEnabled: boolean('quiet_enabled').notNull().default(false),
  /** Minutes after local midnight. */
  quietStart: smallint('quiet_start')
    .notNull()
    .default(22 * 60),
  quietEnd: smallint('quiet_end')
    .notNull()
    .default(7 * 60),
  /** Kind -> channels chosen; a kind not listed takes the kind's defaults. */
  channels: jsonb('channels').$type<Record<string, ChannelChoice>>().notNull().default({}),
  /** When the member agreed to club news by email (PECR consent); null when they have not. */
  newsEmailConsentAt: timestamp('news_email_consent_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const pushPlatforms = ['web', 'android', 'ios'] as const;
export const pushStates = ['on', 'lapsed'] as const;

/**
 * One row per device of a user: a browser's Web Push subscription, or a native app's FCM (Android)
 * or APNs (iOS) token. A push service's 404/410 removes the subscription (endpoint and keys cleared)
 * and leaves the device as lapsed, so the account page can say so.
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: id(),
    clubId: clubIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    platform: text('platform', { enum: pushPlatforms }).notNull(),
    label: text('label').notNull().default(''),
    state: text('state', { enum: pushStates }).notNull().default('on'),
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    token: text('token'),
    createdAt: createdAt(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_devices_user_device_idx').on(t.userId, t.deviceId),
    uniqueIndex('push_devices_endpoint_idx').on(t.endpoint),
    uniqueIndex('push_devices_token_idx').on(t.token),
    index('push_devices_club_user_idx').on(t.clubId, t.userId),
  ],
);

/** Keys made once and shared by every process (the VAPID key pair when not configured). */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

export const broadcastAudiences = ['members', 'staff'] as const;

/** A message an admin sent to the club's members (or staff): what, by whom, when and to how many. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    clubId: clubIdColumn(),
    audience: text('audience', { enum: broadcastAudiences }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The admin who sent it; null once their account is deleted. */
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    /** Members it reached in at least one way (the app, a push or an email). */
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('broadcasts_club_created_idx').on(t.clubId, t.createdAt)],
);
