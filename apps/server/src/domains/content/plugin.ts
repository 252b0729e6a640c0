import type { FastifyPluginAsync } from 'fastify';
import { contentClubExport } from './club-export.ts';
import { EVENTS_NOTIFICATION_KIND } from './events/kind.ts';
import { runEventReminderPass } from './events/reminders.ts';
import { eventRoutes } from './events/routes.ts';
import { galleryRoutes } from './gallery/routes.ts';
import { menuRoutes } from './menu/routes.ts';

/**
 * The content domain: events, the menu and the gallery, with the events' kind of notification and
 * their reminders, and its tables in the club's export.
 */
export const contentDomain: FastifyPluginAsync = async (app) => {
  const { registries } = app.services;
  registries.notificationKinds.register(EVENTS_NOTIFICATION_KIND.kind, EVENTS_NOTIFICATION_KIND);
  registries.reminderPasses.register('events', runEventReminderPass);
  registries.clubExport.register('content', contentClubExport);
  await app.register(eventRoutes);
  await app.register(menuRoutes);
  await app.register(galleryRoutes);
};
