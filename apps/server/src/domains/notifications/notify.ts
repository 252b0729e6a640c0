import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notificationKind } from './kinds.ts';
import { channelsFor, inQuietHours } from './preferences.ts';
import {
  insertDeliveries,
  insertNotifications,
  preferencesOf,
  recipientsOf,
  usersWithPush,
} from './queries.ts';
import type { notificationDeliveries, notifications } from './schema.ts';

export interface NotifyInput {
  clubId: string;
  /** Named members of the club (others are ignored), or a whole audience. */
  userIds?: readonly string[];
  audience?: 'members' | 'staff' | 'admins';
  /** A registered kind (kinds.ts: reminders, results, news, admin, and what later features add). */
  kind: string;
  title: string;
  body: string;
  /** An in-app path such as /app/tabs/game. */
  link?: string | null;
  /** Ignores quiet hours (the last-call reminder). */
  urgent?: boolean;
}

export interface NotifyResult {
  notificationIds: string[];
  recipients: number;
  /** Recipients it reaches in at least one way: listed in the app, or a push or email queued. */
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
export async function notify(
  services: { db: DbOrTx; clock: Clock },
  input: NotifyInput,
): Promise<NotifyResult> {
  const kind = notificationKind(input.kind);
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
  services: { db: DbOrTx; clock: Clock },
  input: Omit<NotifyInput, 'userIds' | 'audience'> & {
    messages: { userId: string; title?: string; body?: string; link?: string | null }[];
  },
): Promise<NotifyResult> {
  const { db, clock } = services;
  const kind = notificationKind(input.kind);
  if (input.messages.length === 0) return { notificationIds: [], recipients: 0, reached: 0, deliveries: 0 };
  const now = clock.now();
  const userIds = [...new Set(input.messages.map((m) => m.userId))];
  const prefs = new Map(
    (await preferencesOf(db, { clubId: input.clubId, userIds })).map((p) => [p.userId, p]),
  );
  const withPush = await usersWithPush(db, { clubId: input.clubId, userIds });
  const rows: (typeof notifications.$inferInsert)[] = [];
  const wanted: { push: boolean; email: boolean }[] = [];
  for (const m of input.messages) {
    const pref = prefs.get(m.userId);
    const channels = channelsFor(pref, kind);
    const quiet = !input.urgent && inQuietHours(pref, now);
    rows.push({
      id: crypto.randomUUID(),
      clubId: input.clubId,
      userId: m.userId,
      kind: kind.kind,
      title: m.title ?? input.title,
      body: m.body ?? input.body,
      link: m.link !== undefined ? m.link : (input.link ?? null),
      listed: channels.inApp,
      createdAt: now,
    });
    wanted.push({ push: channels.push && !quiet && withPush.has(m.userId), email: channels.email && !quiet });
  }
  const ids = await insertNotifications(db, rows);
  const deliveries: (typeof notificationDeliveries.$inferInsert)[] = [];
  ids.forEach((id, i) => {
    const w = wanted[i];
    if (w?.push)
      deliveries.push({ clubId: input.clubId, notificationId: id, channel: 'push', createdAt: now });
    if (w?.email)
      deliveries.push({ clubId: input.clubId, notificationId: id, channel: 'email', createdAt: now });
  });
  await insertDeliveries(db, deliveries);
  const reached = new Set(
    rows.filter((r, i) => r.listed || wanted[i]?.push || wanted[i]?.email).map((r) => r.userId),
  ).size;
  return { notificationIds: ids, recipients: userIds.length, reached, deliveries: deliveries.length };
}
