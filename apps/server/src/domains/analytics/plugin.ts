import type { FastifyPluginAsync } from 'fastify';
import { analyticsRoutes } from './routes.ts';

/** The analytics domain: the admin's figures (takings, entries, staff costs). */
export const analyticsDomain: FastifyPluginAsync = async (app) => {
  await app.register(analyticsRoutes);
};
