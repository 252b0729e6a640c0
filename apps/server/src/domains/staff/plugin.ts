import type { FastifyPluginAsync } from 'fastify';
import { runWhileOpen } from '../../lib/jobs.ts';
import { closeForgottenClockOuts } from './clock/service.ts';
import { staffClubExport } from './club-export.ts';
import { LEAVE_NOTIFICATION_KIND } from './leave/service.ts';
import { staffPersonalExport } from './personal-export.ts';
import { staffRoutes } from './routes.ts';
import { runShiftReminderPass } from './shifts/reminders.ts';
import { ROTA_NOTIFICATION_KIND } from './shifts/service.ts';

const CLOCK_HOUSEKEEPING_MS = 5 * 60_000;

/**
 * The staff domain: shifts and templates, clocking, pay, timesheets, leave and swaps, with its kinds of
 * notification (leave, the rota), the shift reminders and its tables in the club's and a person's
 * export; in a process that runs the jobs, the closing of clock-ins left open past their shift (one
 * UPDATE, safe in every process).
 */
export const staffDomain: FastifyPluginAsync = async (app) => {
  const { registries } = app.services;
  registries.notificationKinds.register(LEAVE_NOTIFICATION_KIND.kind, LEAVE_NOTIFICATION_KIND);
  registries.notificationKinds.register(ROTA_NOTIFICATION_KIND.kind, ROTA_NOTIFICATION_KIND);
  registries.reminderPasses.register('shifts', runShiftReminderPass);
  registries.clubExport.register('staff', staffClubExport);
  registries.personalExport.register('staff', staffPersonalExport);
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
