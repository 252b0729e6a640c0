import {
  BROADCAST_KINDS,
  type BroadcastInput,
  type BroadcastList,
  type MarkNotificationsRead,
  type NativePushTokenInput,
  type NotificationList,
  type NotificationPreferences,
  type PushDeviceList,
  type WebPushSubscriptionInput,
} from '@lastman/api';
import { findMembership } from '../../db/acting-club.ts';
import type { Viewer } from '../../http/guards.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { notify } from './notify.ts';
import { channelsFor, DEFAULT_TIME_ZONE, preferencesView, quietMinutes } from './preferences.ts';
import { pushEndpointAllowed } from './push.ts';
import {
  clubOfUser,
  countUnread,
  deleteDevice,
  insertBroadcast,
  listBroadcasts,
  listDevices,
  listNotifications,
  markRead,
  preferencesOf,
  recipientsOf,
  savePreferences,
  upsertDevice,
  usersWithPush,
} from './queries.ts';
import { unsubscribeSignatureValid } from './sender.ts';

type S = Pick<Services, 'db' | 'clock' | 'registries'>;

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
  return preferencesView(row, isStaff(viewer), services.registries.notificationKinds.list());
}

export async function putPreferences(
  services: S,
  viewer: Viewer,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  const known = new Map(
    services.registries.notificationKinds
      .list()
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
  services: Pick<Services, 'db' | 'clock' | 'config' | 'registries'>,
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
  const kind = services.registries.notificationKinds.find(query.k);
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

/**
 * An admin's message to the club: every member (club news: those who get it, by their settings) or the
 * staff and admins (a message to staff). The notifications and the record of what was sent are written
 * in one transaction.
 */
export async function broadcast(
  services: Pick<Services, 'db' | 'clock' | 'notifier' | 'registries'>,
  viewer: Viewer,
  input: BroadcastInput,
) {
  const id = await services.db.transaction(async (tx) => {
    const result = await notify(
      { ...services, db: tx },
      {
        clubId: viewer.clubId,
        audience: input.audience,
        kind: BROADCAST_KINDS[input.audience],
        title: input.title,
        body: input.body,
        link: '/notification-list',
      },
    );
    const broadcastId = await insertBroadcast(tx, {
      clubId: viewer.clubId,
      audience: input.audience,
      title: input.title,
      body: input.body,
      sentBy: viewer.userId,
      recipients: result.reached,
      createdAt: services.clock.now(),
    });
    return { id: broadcastId, recipients: result.reached };
  });
  // Handed to the push services now, not at the next poll.
  void services.notifier.kick();
  return id;
}

/** Members a message to the audience would reach now: by the app, or a push or email, by their settings. */
async function reachOf(services: S, clubId: string, audience: BroadcastInput['audience']): Promise<number> {
  const people = await recipientsOf(services.db, { clubId, audience });
  const userIds = people.map((p) => p.id);
  const prefs = new Map((await preferencesOf(services.db, { clubId, userIds })).map((p) => [p.userId, p]));
  const withPush = await usersWithPush(services.db, { clubId, userIds });
  const kind = services.registries.notificationKinds.get(BROADCAST_KINDS[audience]);
  return userIds.filter((u) => {
    const c = channelsFor(prefs.get(u), kind);
    return c.inApp || c.email || (c.push && withPush.has(u));
  }).length;
}

/** What the club's admins have sent, newest first, and whom a message would reach now. */
export async function broadcastList(services: S, viewer: Viewer): Promise<BroadcastList> {
  const rows = await listBroadcasts(services.db, { clubId: viewer.clubId, limit: 100 });
  return {
    broadcasts: rows.map((b) => ({
      id: b.id,
      audience: b.audience,
      title: b.title,
      body: b.body,
      sentAt: b.createdAt.toISOString(),
      sentBy: b.sentBy,
      recipients: b.recipients,
    })),
    reach: {
      members: await reachOf(services, viewer.clubId, 'members'),
      staff: await reachOf(services, viewer.clubId, 'staff'),
    },
  };
}

export async function vapidPublicKey(services: Pick<Services, 'notifier'>) {
  return { key: (await services.notifier.vapidKeys()).publicKey };
}

export async function saveWebPushSubscription(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'registries'>,
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
