import type { FastifyPluginAsync } from 'fastify';
import { gameClubExport } from './club-export.ts';
import { competitionRoutes } from './competitions/routes.ts';
import { entriesAdminRoutes, entryBuyBackRoutes } from './entries/routes.ts';
import { fixtureRoutes } from './fixtures/routes.ts';
import { footballRoutes } from './football/routes.ts';
import { runGameJobs } from './jobs.ts';
import { liveRoutes } from './live/routes.ts';
import { GAME_NOTIFICATION_KINDS } from './notices.ts';
import { payoutRoutes } from './payouts/routes.ts';
import { gamePersonalExport } from './personal-export.ts';
import { runReminderPass } from './picks/deadline-reminders.ts';
import { pickRoutes } from './picks/routes.ts';
import { screenRoutes } from './screens/routes.ts';

/**
 * The game domain: competitions, picks, fixtures, payouts and the admin's entries, with its kinds of
 * notification (pick reminders, results, match alerts), the pick-deadline reminders and its tables in the club's and a person's export; in a process that runs
 * the jobs, its own (settlement, the football feeds).
 */
export const gameDomain: FastifyPluginAsync = async (app) => {
  const { registries } = app.services;
  for (const kind of GAME_NOTIFICATION_KINDS) registries.notificationKinds.register(kind.kind, kind);
  registries.reminderPasses.register('picks', runReminderPass);
  registries.clubExport.register('game', gameClubExport);
  registries.personalExport.register('game', gamePersonalExport);
  if (app.runsJobs) runGameJobs(app);
  await app.register(competitionRoutes);
  await app.register(pickRoutes);
  await app.register(fixtureRoutes);
  await app.register(footballRoutes);
  await app.register(payoutRoutes);
  await app.register(entriesAdminRoutes);
  await app.register(entryBuyBackRoutes);
  await app.register(screenRoutes);
  await app.register(liveRoutes);
};
