import type { FastifyPluginAsync } from 'fastify';
import { runWhileOpen } from '../../lib/jobs.ts';
import { paymentsClubExport } from './club-export.ts';
import { orderRoutes } from './orders/routes.ts';
import { paymentsPersonalExport } from './personal-export.ts';
import { paymentRoutes } from './provider/routes.ts';
import { startPaymentsWorker } from './provider/worker.ts';
import { connectRoutes } from './stripe-account/routes.ts';

/**
 * The payments domain: orders and refunds, the payment provider (its webhook), and the club's own
 * Stripe account, with its tables in the club's and a person's export; in a process that runs the
 * jobs, its worker (expires unpaid orders and refunds cancelled competitions; idempotent, so safe in
 * every process).
 */
export const paymentsDomain: FastifyPluginAsync = async (app) => {
  const { registries } = app.services;
  registries.clubExport.register('payments', paymentsClubExport);
  registries.personalExport.register('payments', paymentsPersonalExport);
  if (app.runsJobs) runWhileOpen(app, () => startPaymentsWorker(app.services, app.log));
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(connectRoutes);
};
