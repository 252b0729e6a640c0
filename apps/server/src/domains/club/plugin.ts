import type { FastifyPluginAsync } from 'fastify';
import { contactRoutes } from './contact/routes.ts';
import { memberRoutes } from './members/routes.ts';
import { clubRoutes } from './routes.ts';

/** The club domain: the club and its settings, its members and invitations, and messages to the club. */
export const clubDomain: FastifyPluginAsync = async (app) => {
  await app.register(clubRoutes);
  await app.register(memberRoutes);
  await app.register(contactRoutes);
};
