import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockRoutes } from './clock/routes.ts';
import { leaveRoutes } from './leave/routes.ts';
import { payRoutes } from './pay/routes.ts';
import { shiftRoutes } from './shifts/routes.ts';
import { swapRoutes } from './swaps/routes.ts';
import { timesheetRoutes } from './timesheets/routes.ts';

/** The staff domain's HTTP surface: the rota's shifts, clocking, pay, timesheets, leave and swaps. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(shiftRoutes);
  await app.register(clockRoutes);
  await app.register(payRoutes);
  await app.register(timesheetRoutes);
  await app.register(leaveRoutes);
  await app.register(swapRoutes);
};
