import type { FastifyPluginAsync } from 'fastify';
import { registerClubExportPart } from '../../lib/domain-parts.ts';
import { registerNotificationKind, registerReminderPass } from '../notifications/index.ts';
import { staffClubExport } from './club-export.ts';
import { rotaExtrasRoutes } from './extras-routes.ts';
import { LEAVE_NOTIFICATION_KIND } from './leave.ts';
import { rotaRoutes } from './routes.ts';
import { ROTA_NOTIFICATION_KIND } from './service.ts';
import { runShiftReminderPass } from './shift-reminders.ts';
import { timesheetRoutes } from './timesheet-routes.ts';

/**
 * The staff domain's parts beyond its routes: its kinds of notification (leave, the rota) and the
 * shift reminders, and its tables in the club's export. Idempotent: each app built in a process calls it.
 */
export function registerStaffParts(): void {
  registerNotificationKind(LEAVE_NOTIFICATION_KIND);
  registerNotificationKind(ROTA_NOTIFICATION_KIND);
  registerReminderPass('shifts', runShiftReminderPass);
  registerClubExportPart('staff', staffClubExport);
}

/** The staff domain: the rota, timesheets and the rota's extras (templates, leave, swaps, holiday, calendars). */
export const staffDomain: FastifyPluginAsync = async (app) => {
  registerStaffParts();
  await app.register(rotaRoutes);
  await app.register(timesheetRoutes);
  await app.register(rotaExtrasRoutes);
};
