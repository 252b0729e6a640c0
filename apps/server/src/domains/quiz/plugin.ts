import type { FastifyPluginAsync } from 'fastify';
import { quizRoutes } from './routes.ts';

/** The quiz domain: quiz nights run by the quizmaster, answered on teams' phones, shown on the TV. */
export const quizDomain: FastifyPluginAsync = async (app) => {
  await app.register(quizRoutes);
};
