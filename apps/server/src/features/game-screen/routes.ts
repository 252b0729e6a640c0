import { GameScreen } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../http/access.ts';
import { gameScreen } from './service.ts';

export const gameScreenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;

  app.get(
    '/api/game',
    {
      config: { access: 'member' },
      schema: {
        tags: ['game'],
        summary: "The game screen in one call: the club's competitions with the viewer's entries and picks",
        response: { 200: GameScreen },
      },
    },
    async (request) => gameScreen(db, viewerOf(request), clock.now().getTime()),
  );
};
