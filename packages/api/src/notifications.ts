import { z } from 'zod';
import { requiredName, requiredText } from './common.ts';
import { isTimeZone } from './time.ts';

/** The kinds of notification every install has; later features register more (events, rota). */
export const CORE_NOTIFICATION_KINDS = ['reminders', 'results', 'news', 'admin'] as const;

export const NOTIFICATION_LIMITS = { titleMax: 120, bodyMax: 1000, linkMax: 500, readIdsMax: 500 } as const;

export const Notification = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z
  .object({ notifications: z.array(Notification), unread: z.number().int() })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof NotificationList>;

export const MarkNotificationsRead = z.union([
  z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(NOTIFICATION_LIMITS.readIdsMax) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;

export const UnreadCount = z.object({ unread: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** "HH:MM", 24-hour. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 22:00');

export const KindPreference = z
  .object({
    kind: z.string().min(1).max(40),
    /** Shown to the user; ignored on PUT. */
    label: z.string().max(100).optional(),
    push: z.boolean(),
    email: z.boolean(),
    inApp: z.boolean(),
  })
  .strict();
export type KindPreference = z.infer<typeof KindPreference>;

export const NotificationPreferences = z
  .object({
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .refine(isTimeZone, 'must be a time zone such as Europe/London')
      .describe('An IANA time zone such as Europe/London, checked against the server’s list of zones'),
    quietHours: z.object({ enabled: z.boolean(), start: clockTime, end: clockTime }).strict(),
    kinds: z.array(KindPreference).max(50),
  })
  .strict()
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const BroadcastInput = z
  .object({
    title: requiredName(NOTIFICATION_LIMITS.titleMax),
    body: requiredText(NOTIFICATION_LIMITS.bodyMax),
    audience: z.enum(['members', 'staff']),
  })
  .strict();
export type BroadcastInput = z.infer<typeof BroadcastInput>;

export const BroadcastAccepted = z
  .object({ id: z.string(), recipients: z.number().int() })
  .meta({ id: 'BroadcastAccepted' });
export type BroadcastAccepted = z.infer<typeof BroadcastAccepted>;

/** One message an admin sent: what, to whom, when, by whom and how many it reached. */
export const BroadcastView = z
  .object({
    id: z.string(),
    audience: z.enum(['members', 'staff']),
    title: z.string(),
    body: z.string(),
    sentAt: z.string(),
    /** The admin's name; null once their account is gone. */
    sentBy: z.string().nullable(),
    /** Members it reached in at least one way: the app, a push or an email. */
    recipients: z.number().int(),
  })
  .meta({ id: 'Broadcast' });
export type BroadcastView = z.infer<typeof BroadcastView>;

export const BroadcastList = z
  .object({
    broadcasts: z.array(BroadcastView),
    /** How many a message would reach now: members who get club news, and staff (messages to staff). */
    reach: z.object({ members: z.number().int(), staff: z.number().int() }),
  })
  .meta({ id: 'BroadcastList' });
export type BroadcastList = z.infer<typeof BroadcastList>;

/**
 * The kind of notification each audience's message is: club news (members choose it in their
 * settings) or a message to staff (a work message, with a setting of its own).
 */
export const BROADCAST_KINDS = { members: 'news', staff: 'staff' } as const;

export const VapidPublicKey = z.object({ key: z.string() }).meta({ id: 'VapidPublicKey' });

/** A base64url string that decodes to exactly `bytes` bytes. */
function base64urlBytes(bytes: number, message: string) {
  const chars = Math.ceil((bytes * 4) / 3);
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), message);
}

/** A browser's PushSubscription.toJSON(), plus the device it belongs to (ours, optional). */
export const WebPushSubscriptionInput = z
  .object({
    endpoint: z.url().max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: base64urlBytes(65, "must be the subscription's P-256 public key (65 bytes, base64url)"),
        auth: base64urlBytes(16, "must be the subscription's auth secret (16 bytes, base64url)"),
      })
      .strict(),
    deviceId: z.string().min(8).max(100).optional(),
    label: z.string().max(100).optional(),
  })
  .strict();
export type WebPushSubscriptionInput = z.infer<typeof WebPushSubscriptionInput>;

/** A native app's token from @capacitor/push-notifications: FCM on Android, APNs on iOS. */
export const NativePushTokenInput = z
  .object({
    platform: z.enum(['android', 'ios']),
    token: z
      .string()
      .min(16)
      .max(4096)
      .regex(/^[A-Za-z0-9_:.-]+$/, 'must be a push token'),
    deviceId: z.string().min(8).max(100),
    label: z.string().max(100).optional(),
  })
  .strict();
export type NativePushTokenInput = z.infer<typeof NativePushTokenInput>;

export const PushDevice = z
  .object({
    id: z.string(),
    deviceId: z.string(),
    platform: z.enum(['web', 'android', 'ios']),
    label: z.string(),
    state: z.enum(['on', 'lapsed']),
    renewedAt: z.string(),
    lapsedAt: z.string().nullable(),
  })
  .meta({ id: 'PushDevice' });
export type PushDevice = z.infer<typeof PushDevice>;
export const PushDeviceList = z.object({ devices: z.array(PushDevice) }).meta({ id: 'PushDeviceList' });
export type PushDeviceList = z.infer<typeof PushDeviceList>;
