import type { FastifyPluginAsync } from 'fastify';
import { registerClubExportPart, registerPersonalExportPart } from '../../lib/domain-parts.ts';
import { registerNotificationKind, registerReminderPass } from '../notifications/index.ts';
import { staffClubExport } from './club-export.ts';
import { LEAVE_NOTIFICATION_KIND } from './leave/service.ts';
import { staffPersonalExport } from './personal-export.ts';
import { staffRoutes } from './routes.ts';
import { runShiftReminderPass } from './shifts/reminders.ts';
import { ROTA_NOTIFICATION_KIND } from './shifts/service.ts';

/**
 * The staff domain's parts beyond its routes: its kinds of notification (leave, the rota) and the
 * shift reminders, and its tables in the club's export. Idempotent: each app built in a process calls it.
 */
export function registerStaffParts(): void {
  registerNotificationKind(LEAVE_NOTIFICATION_KIND);
  registerNotificationKind(ROTA_NOTIFICATION_KIND);
  registerReminderPass('shifts', runShiftReminderPass);
  registerClubExportPart('staff', staffClubExport);
  registerPersonalExportPart('staff', staffPersonalExport);
}

/** The staff domain: shifts and templates, clocking, pay, timesheets, leave and swaps. */
export const staffDomain: FastifyPluginAsync = async (app) => {
  registerStaffParts();
  await app.register(staffRoutes);
};
