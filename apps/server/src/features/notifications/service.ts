import type {
  BroadcastInput,
  MarkNotificationsRead,
  NativePushTokenInput,
  NotificationList,
  NotificationPreferences,
  PushDeviceList,
  WebPushSubscriptionInput,
} from '@lastman/api';
import type { Viewer } from '../../auth/guards.ts';
import { findMembership } from '../../db/acting-club.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { notificationKinds } from './kinds.ts';
import { notify } from './notify.ts';
import { DEFAULT_TIME_ZONE, preferencesView, quietMinutes } from './preferences.ts';
import { pushEndpointAllowed } from './push.ts';
import {
  clubOfUser,
  countUnread,
  deleteDevice,
  listDevices,
  listNotifications,
  markRead,
  preferencesOf,
  savePreferences,
  upsertDevice,
} from './queries.ts';
import { unsubscribeSignatureValid } from './sender.ts';

type S = Pick<Services, 'db' | 'clock'>;

export async function notificationList(services: S, viewer: Viewer): Promise<NotificationList> {
  const key = { clubId: viewer.clubId, userId: viewer.userId };
  const [rows, unread] = await Promise.all([
    listNotifications(services.db, { ...key, limit: 100 }),
    countUnread(services.db, key),
  ]);
  return {
    notifications: rows.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
    })),
    unread,
  };
}

export async function unreadCount(services: S, viewer: Viewer): Promise<number> {
  return countUnread(services.db, { clubId: viewer.clubId, userId: viewer.userId });
}

export async function markNotificationsRead(services: S, viewer: Viewer, input: MarkNotificationsRead) {
  await markRead(services.db, {
    clubId: viewer.clubId,
    userId: viewer.userId,
    ids: 'all' in input ? 'all' : input.ids,
    at: services.clock.now(),
  });
  return { unread: await unreadCount(services, viewer) };
}

const isStaff = (viewer: Viewer) => viewer.role !== 'player';

export async function getPreferences(services: S, viewer: Viewer): Promise<NotificationPreferences> {
  const [row] = await preferencesOf(services.db, { clubId: viewer.clubId, userIds: [viewer.userId] });
  return preferencesView(row, isStaff(viewer));
}

export async function putPreferences(
  services: S,
  viewer: Viewer,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  const known = new Map(
    notificationKinds()
      .filter((k) => isStaff(viewer) || !k.staffOnly)
      .map((k) => [k.kind, k]),
  );
  const unknown = input.kinds.find((k) => !known.has(k.kind));
  if (unknown)
    throw new AppError('BAD_REQUEST', `There is no kind of notification called "${unknown.kind}".`);
  const [row] = await preferencesOf(services.db, { clubId: viewer.clubId, userIds: [viewer.userId] });
  const channels = { ...(row?.channels ?? {}) };
  for (const k of input.kinds) channels[k.kind] = { push: k.push, email: k.email, inApp: k.inApp };
  // Ticking email for club news is the consent PECR asks for; unticking withdraws it.
  const news = input.kinds.find((k) => k.kind === 'news');
  const consentAt =
    news === undefined
      ? (row?.newsEmailConsentAt ?? null)
      : news.email
        ? (row?.newsEmailConsentAt ?? services.clock.now())
        : null;
  await savePreferences(services.db, {
    userId: viewer.userId,
    clubId: viewer.clubId,
    timeZone: input.timeZone || DEFAULT_TIME_ZONE,
    ...quietMinutes(input.quietHours),
    channels,
    newsEmailConsentAt: consentAt,
  });
  return getPreferences(services, viewer);
}

/** One-click unsubscribe from a kind's emails (RFC 8058), by the signed link in each email. */
export async function unsubscribe(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  query: { u: string; c?: string | undefined; k: string; t: string },
): Promise<void> {
  if (!unsubscribeSignatureValid(services.config, query)) {
    throw new AppError(
      'BAD_REQUEST',
      'This unsubscribe link is not valid. Change your emails on the account page.',
    );
  }
  const row = await preferencesOfUser(services, { userId: query.u, clubId: query.c });
  if (!row) throw new AppError('NOT_FOUND', 'That account is no longer a member of that club.');
  const channels = { ...(row.pref?.channels ?? {}) };
  const kind = notificationKinds().find((k) => k.kind === query.k);
  const current = channels[query.k] ?? kind?.defaults ?? { push: true, email: false, inApp: true };
  channels[query.k] = { ...current, email: false };
  await savePreferences(services.db, {
    userId: query.u,
    clubId: row.clubId,
    timeZone: row.pref?.timeZone ?? DEFAULT_TIME_ZONE,
    quietEnabled: row.pref?.quietEnabled ?? false,
    quietStart: row.pref?.quietStart ?? 22 * 60,
    quietEnd: row.pref?.quietEnd ?? 7 * 60,
    channels,
    newsEmailConsentAt: query.k === 'news' ? null : (row.pref?.newsEmailConsentAt ?? null),
  });
}

/**
 * By the signed link: the club it names, if the person still belongs to it; an older link without
 * one acts on their last club.
 */
async function preferencesOfUser(
  services: Pick<Services, 'db'>,
  { userId, clubId: named }: { userId: string; clubId: string | undefined },
) {
  const clubId = named === undefined ? await clubOfUser(services.db, { userId }) : named;
  if (!clubId || !(await findMembership(services.db, { userId, clubId }))) return null;
  const [pref] = await preferencesOf(services.db, { clubId, userIds: [userId] });
  return { clubId, pref };
}

export async function broadcast(
  services: Pick<Services, 'db' | 'clock' | 'notifier'>,
  viewer: Viewer,
  input: BroadcastInput,
) {
  const result = await services.db.transaction((tx) =>
    notify(
      { db: tx, clock: services.clock },
      {
        clubId: viewer.clubId,
        audience: input.audience === 'staff' ? 'staff' : 'members',
        kind: 'news',
        title: input.title,
        body: input.body,
        link: '/notification-list',
      },
    ),
  );
  // Handed to the push services now, not at the next poll.
  void services.notifier.kick();
  return { id: result.notificationIds[0] ?? crypto.randomUUID(), recipients: result.recipients };
}

export async function vapidPublicKey(services: Pick<Services, 'notifier'>) {
  return { key: (await services.notifier.vapidKeys()).publicKey };
}

export async function saveWebPushSubscription(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  viewer: Viewer,
  input: WebPushSubscriptionInput,
) {
  if (!pushEndpointAllowed(input.endpoint, services.config.PUSH_SERVICE_HOSTS)) {
    throw new AppError(
      'BAD_REQUEST',
      'That push subscription is not from a known browser push service, so the server will not send to it.',
    );
  }
  await upsertDevice(services.db, {
    clubId: viewer.clubId,
    userId: viewer.userId,
    deviceId: input.deviceId ?? `web:${input.endpoint.slice(-40)}`,
    platform: 'web',
    label: input.label ?? 'Browser',
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    token: null,
    at: services.clock.now(),
  });
}

export async function saveNativePushToken(services: S, viewer: Viewer, input: NativePushTokenInput) {
  await upsertDevice(services.db, {
    clubId: viewer.clubId,
    userId: viewer.userId,
    deviceId: input.deviceId,
    platform: input.platform,
    label: input.label ?? (input.platform === 'ios' ? 'iPhone' : 'Android phone'),
    endpoint: null,
    p256dh: null,
    auth: null,
    token: input.token,
    at: services.clock.now(),
  });
}

export async function removeDevice(services: S, viewer: Viewer, { deviceId }: { deviceId: string }) {
  await deleteDevice(services.db, { clubId: viewer.clubId, userId: viewer.userId, deviceId });
}

export async function pushDevices(services: S, viewer: Viewer): Promise<PushDeviceList> {
  const rows = await listDevices(services.db, { clubId: viewer.clubId, userId: viewer.userId });
  return {
    devices: rows.map((d) => ({
      id: d.id,
      deviceId: d.deviceId,
      platform: d.platform,
      label: d.label,
      state: d.state,
      renewedAt: d.renewedAt.toISOString(),
      lapsedAt: d.lapsedAt?.toISOString() ?? null,
    })),
  };
}
