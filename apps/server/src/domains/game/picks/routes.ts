import {
  CompetitionEntryParams,
  CompetitionRoundParams,
  EntryPickHistory,
  EntryRoundParams,
  MyEntryList,
  PickRequest,
  PickResponse,
  RoundFixtures,
  RoundPicks,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerAfterStatement, viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import {
  entryPickHistory,
  makePick,
  myEntries,
  pickWithKnownSession,
  removePick,
  roundFixtures,
  roundPicks,
} from './service.ts';

export const pickRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];

  app.get(
    '/api/entries',
    { schema: { tags, response: { 200: MyEntryList } }, config: { access: 'member' } },
    async (request) => myEntries(app.services, viewerOf(request)),
  );

  app.get(
    '/api/competitions/:id/rounds/:round/fixtures',
    {
      schema: { tags, params: CompetitionRoundParams, response: { 200: RoundFixtures } },
      config: { access: 'member' },
    },
    async (request) =>
      roundFixtures(app.services, viewerOf(request), {
        competitionId: request.params.id,
        round: request.params.round,
      }),
  );

  app.get(
    '/api/competitions/:id/rounds/:round/picks',
    {
      schema: { tags, params: CompetitionRoundParams, response: { 200: RoundPicks } },
      config: { access: 'member' },
    },
    async (request) =>
      roundPicks(app.services, viewerOf(request), {
        competitionId: request.params.id,
        round: request.params.round,
      }),
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
      // At a deadline rush a pick is one round trip: its statement checks the session too.
      config: { access: 'member', sessionInStatement: true },
    },
    async (request) => {
      const params = {
        entryId: request.params.id,
        round: request.params.round,
        teamId: request.body.teamId,
      };
      const known = request.knownSession;
      if (known && request.viewer === undefined) {
        const taken = await pickWithKnownSession(app.services, known, params);
        if (taken) return taken;
        // Not taken: the session read and the rule applied as on every route, then the full checks.
        const { viewer, readAsTheStatement } = await viewerAfterStatement(request);
        return makePick(app.services, viewer, params, { by: 'self' }, { guardTried: readAsTheStatement });
      }
      return makePick(app.services, viewerOf(request), params);
    },
  );

  app.delete(
    '/api/entries/:id/picks/:round',
    {
      schema: { tags, params: EntryRoundParams, response: { 204: z.null(), ...refusals(409) } },
      config: { access: 'member' },
    },
    async (request, reply) => {
      await removePick(app.services, viewerOf(request), {
        entryId: request.params.id,
        round: request.params.round,
      });
      return reply.status(204).send(null);
    },
  );

  // Pick history: one entry's picks, round by round, once each round's deadline has passed.
  app.get(
    '/api/competitions/:id/entries/:entryId/picks',
    {
      schema: {
        tags,
        summary: "An entry's picks round by round, only for rounds whose deadline has passed",
        params: CompetitionEntryParams,
        response: { 200: EntryPickHistory, ...refusals(404) },
      },
      config: { access: 'member' },
    },
    async (request) =>
      entryPickHistory(app.services, viewerOf(request), {
        competitionId: request.params.id,
        entryId: request.params.entryId,
      }),
  );
};
