import type { FastifyPluginAsync } from 'fastify';
import { registerClubExportPart, registerPersonalExportPart } from '../../lib/domain-parts.ts';
import { runWhileOpen } from '../../lib/jobs.ts';
import { registerNotificationKind, registerReminderPass } from '../notifications/index.ts';
import { closeForgottenClockOuts } from './clock/service.ts';
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

const CLOCK_HOUSEKEEPING_MS = 5 * 60_000;

/**
 * The staff domain: shifts and templates, clocking, pay, timesheets, leave and swaps; in a process
 * that runs the jobs, the closing of clock-ins left open past their shift (one UPDATE, safe in every
 * process).
 */
export const staffDomain: FastifyPluginAsync = async (app) => {
  registerStaffParts();
  if (app.runsJobs) {
    runWhileOpen(app, () => {
      const housekeeping = setInterval(
        () =>
          void closeForgottenClockOuts(app.services).catch((err: unknown) =>
            app.log.error({ err }, 'closing forgotten clock-outs failed'),
          ),
        CLOCK_HOUSEKEEPING_MS,
      );
      housekeeping.unref();
      return { stop: () => clearInterval(housekeeping) };
    });
  }
  await app.register(staffRoutes);
};
