import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns.ts';
import { user } from '../account/schema.ts';
import { clubIdColumn } from '../club/schema.ts';

export const deliveryChannels = ['push', 'email'] as const;
export const deliveryStatuses = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * One notification in one user's list (the in-app channel) and its push and email deliveries: the
 * outbox of the sending path is this row (docs/decisions/030-reminders-one-row-per-reminder.md). A
 * channel's status is null when nothing goes that way; 'pending' when written in the transaction of
 * the event, then claimed by one process (FOR UPDATE SKIP LOCKED, status 'sending') and sent within a
 * second or two. A claim is a lease its process renews while sending (`*_sent_at`): a process that
 * died leaves claims that lapse and are taken again by another (or by it, restarted).
 */
export const notifications = pgTable(
  'notifications',
  {
    // In the "C" collation, as is user_id (migrations 0040, 0043; drizzle cannot say so here): byte
    // comparisons in the primary key a reminder pass writes 10,000 entries of.
    id: text('id')
      .notNull()
      .$defaultFn(() => crypto.randomUUID()),
    // The recipient's club, with no foreign key: notifySet, the only writer, takes it from a row that
    // holds a club's key (the entry, the membership, the competition) or from the caller's club, and
    // clubs are closed, never deleted; a key here is a check per row that a pass writing every club's
    // reminders at once pays 10,000 times (docs/decisions/029-reminders-one-row.md).
    clubId: text('club_id').notNull(),
    // The recipient, with no foreign key either: notifySet takes each recipient from a row that holds
    // the user's key (the entry, the membership), and a statement-level trigger (migration 0039)
    // removes a removed user's notifications, as the cascade did. The first column of the primary
    // key, which is the inbox's only index: a user has hundreds of notifications at most.
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** False when the user turned the in-app channel off for this kind: kept only to send it. */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    pushStatus: text('push_status', { enum: deliveryStatuses }),
    pushAttempts: smallint('push_attempts').notNull().default(0),
    /** When sent or given up; while 'sending', when the claim was made or last renewed (its lease). */
    pushSentAt: timestamp('push_sent_at', { withTimezone: true }),
    /** A pending push the push service asked to wait for (429, 5xx): not claimed before then. */
    pushNotBefore: timestamp('push_not_before', { withTimezone: true }),
    pushDetail: text('push_detail'),
    emailStatus: text('email_status', { enum: deliveryStatuses }),
    emailAttempts: smallint('email_attempts').notNull().default(0),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    emailNotBefore: timestamp('email_not_before', { withTimezone: true }),
    emailDetail: text('email_detail'),
  },
  (t) => [
    // The inbox reads a user's notifications by this key's prefix; a pick reminder's claim is its
    // (user, id), the id made of the entry, round and reminder.
    primaryKey({ columns: [t.userId, t.id] }),
    // The queue: only rows with a channel pending (or being sent) are in these.
    index('notifications_push_pending_idx').on(t.createdAt).where(sql`${t.pushStatus} = 'pending'`),
    index('notifications_email_pending_idx').on(t.createdAt).where(sql`${t.emailStatus} = 'pending'`),
    // The claims being sent, for the sender's search for lapsed ones.
    index('notifications_push_sending_idx').on(t.pushSentAt).where(sql`${t.pushStatus} = 'sending'`),
    index('notifications_email_sending_idx').on(t.emailSentAt).where(sql`${t.emailStatus} = 'sending'`),
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
    // The devices that can take a push, and nothing else: a reminder pass asks it of every member it
    // notifies and reads it whole, without the devices' rows (at 100,000 reminders, ~60 ms of a
    // ~720 ms pass where reading every device's row took ~115 ms; decision 033).
    index('push_devices_on_idx').on(t.clubId, t.userId).where(sql`${t.state} = 'on'`),
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
