import type { FastifyPluginAsync } from 'fastify';
import { NOTIFICATIONS_KINDS, registerNotificationKind } from './kinds.ts';
import { notificationRoutes } from './routes.ts';

/**
 * The domain's kinds of notification (pick reminders, results, club news, admin alerts, messages to
 * staff), in the preference centre's order. Idempotent: each app built in a process calls it again.
 */
export function registerNotificationsParts(): void {
  for (const kind of NOTIFICATIONS_KINDS) registerNotificationKind(kind);
}

/** The notifications domain: its kinds, then its routes (the list, preferences, devices, broadcasts, unsubscribe). */
export const notificationsDomain: FastifyPluginAsync = async (app) => {
  registerNotificationsParts();
  await app.register(notificationRoutes);
};
