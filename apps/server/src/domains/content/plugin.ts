import type { FastifyPluginAsync } from 'fastify';
import { registerClubExportPart } from '../../lib/domain-parts.ts';
import { registerNotificationKind, registerReminderPass } from '../notifications/index.ts';
import { contentClubExport } from './club-export.ts';
import { EVENTS_NOTIFICATION_KIND } from './events/kind.ts';
import { runEventReminderPass } from './events/reminders.ts';
import { eventRoutes } from './events/routes.ts';
import { galleryRoutes } from './gallery/routes.ts';
import { menuRoutes } from './menu/routes.ts';

/**
 * The content's parts beyond its routes: the events' kind of notification and their reminders, and its
 * tables in the club's export.
 * Idempotent: each app built in a process calls it.
 */
export function registerContentParts(): void {
  registerNotificationKind(EVENTS_NOTIFICATION_KIND);
  registerReminderPass('events', runEventReminderPass);
  registerClubExportPart('content', contentClubExport);
}

/** The content domain: events, the menu and the gallery, with the parts above. */
export const contentDomain: FastifyPluginAsync = async (app) => {
  registerContentParts();
  await app.register(eventRoutes);
  await app.register(menuRoutes);
  await app.register(galleryRoutes);
};
