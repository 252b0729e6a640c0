import type { FastifyPluginAsync } from 'fastify';
import { runWhileOpen } from '../../lib/jobs.ts';
import type { Registries } from '../../lib/registries.ts';
import { NOTIFICATIONS_KINDS } from './kinds.ts';
import { notificationRoutes } from './routes.ts';
import { startNotificationJobs } from './worker.ts';

/**
 * The domain's kinds of notification (club news, admin alerts, messages to staff), in the preference
 * centre's order, added to an app's registries.
 */
export function registerNotificationsParts(registries: Registries): void {
  for (const kind of NOTIFICATIONS_KINDS) registries.notificationKinds.register(kind.kind, kind);
}

/**
 * The notifications domain: its kinds, then its routes (the list, preferences, devices, broadcasts,
 * unsubscribe); in a process that runs the jobs, its own: queued push and email sent each second,
 * the reminder passes each minute (safe in every process).
 */
export const notificationsDomain: FastifyPluginAsync = async (app) => {
  registerNotificationsParts(app.services.registries);
  if (app.runsJobs) runWhileOpen(app, () => startNotificationJobs(app.services, app.log));
  await app.register(notificationRoutes);
};
