import type { FastifyPluginAsync } from 'fastify';
import { quizClubExport } from './club-export.ts';
import { quizRoutes } from './routes.ts';

/** The quiz domain: quiz nights run by the quizmaster, answered on teams' phones, shown on the TV. */
export const quizDomain: FastifyPluginAsync = async (app) => {
  app.services.registries.clubExport.register('quiz', quizClubExport);
  await app.register(quizRoutes);
};
