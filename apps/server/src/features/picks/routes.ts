import {
  CompetitionRoundParams,
  EntryRoundParams,
  MyEntryList,
  PickRequest,
  PickResponse,
  RoundFixtures,
  RoundPicks,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { makePick, myEntries, removePick, roundFixtures, roundPicks } from './service.ts';

export const pickRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  const { db, clock } = app.services;
  const now = () => clock.now().getTime();

  app.get('/api/entries', { schema: { tags, response: { 200: MyEntryList } } }, async (request) => {
    const viewer = await requireUser(request);
    return myEntries(db, viewer);
  });

  app.get(
    '/api/competitions/:id/rounds/:round/fixtures',
    { schema: { tags, params: CompetitionRoundParams, response: { 200: RoundFixtures } } },
    async (request) => {
      const viewer = await requireUser(request);
      return roundFixtures(
        db,
        viewer,
        { competitionId: request.params.id, round: request.params.round },
        now(),
      );
    },
  );

  app.get(
    '/api/competitions/:id/rounds/:round/picks',
    { schema: { tags, params: CompetitionRoundParams, response: { 200: RoundPicks } } },
    async (request) => {
      const viewer = await requireUser(request);
      return roundPicks(db, viewer, { competitionId: request.params.id, round: request.params.round }, now());
    },
  );

  app.put(
    '/api/entries/:id/picks/:round',
    {
      schema: {
        tags,
        params: EntryRoundParams,
        body: PickRequest,
        response: { 200: PickResponse, ...refusals(409) },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      return makePick(
        db,
        viewer,
        { entryId: request.params.id, round: request.params.round, teamId: request.body.teamId },
        now(),
      );
    },
  );

  app.delete(
    '/api/entries/:id/picks/:round',
    { schema: { tags, params: EntryRoundParams, response: { 204: z.null(), ...refusals(409) } } },
    async (request, reply) => {
      const viewer = await requireUser(request);
      await removePick(db, viewer, { entryId: request.params.id, round: request.params.round }, now());
      return reply.status(204).send(null);
    },
  );
};
