import {
  ClubCompetitionsQuery,
  CompetitionCreate,
  CompetitionDetail,
  CompetitionIdParams,
  CompetitionList,
  CompetitionUpdate,
  EntryView,
  GameScreen,
  ReplayPreview,
  ReplayPreviewRequest,
  RuleDescriptionList,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../../http/access.ts';
import { currentViewer } from '../../../http/guards.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import {
  cancelCompetition,
  createCompetition,
  editCompetition,
  enterCompetition,
  openCompetition,
} from './commands.ts';
import { replayPreview } from './replay-preview.ts';
import { competitionDetail, competitionsOf, gameScreen, publicCompetitions, ruleChoices } from './views.ts';

export const competitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  const adminTags = ['admin', 'game'];

  app.get(
    '/api/competition-rules',
    { schema: { tags, response: { 200: RuleDescriptionList } }, config: { access: 'public' } },
    async () => ruleChoices(),
  );

  app.get(
    '/api/club/competitions',
    {
      schema: {
        tags,
        summary:
          "A club's open and running competitions as anyone sees them: entry fee, pot and next deadline (a member's own club, a visitor's by ?club=slug)",
        querystring: ClubCompetitionsQuery,
        response: { 200: CompetitionList, ...refusals(404) },
      },
      config: { access: 'public' },
    },
    async (request) => ({
      competitions: await publicCompetitions(app.services, await currentViewer(request), request.query),
    }),
  );

  app.get(
    '/api/competitions',
    { schema: { tags, response: { 200: CompetitionList } }, config: { access: 'member' } },
    async (request) => ({ competitions: await competitionsOf(app.services, viewerOf(request)) }),
  );

  app.get(
    '/api/game',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The game screen in one call: the club's competitions with the viewer's entries and picks",
        response: { 200: GameScreen },
      },
    },
    async (request) => gameScreen(app.services, viewerOf(request)),
  );

  app.get(
    '/api/competitions/:id',
    {
      schema: { tags, params: CompetitionIdParams, response: { 200: CompetitionDetail } },
      config: { access: 'member' },
    },
    async (request) =>
      competitionDetail(app.services, viewerOf(request), { competitionId: request.params.id }),
  );

  app.post(
    '/api/competitions/:id/entries',
    {
      schema: { tags, params: CompetitionIdParams, response: { 201: EntryView, ...refusals(402, 409) } },
      config: { access: 'member' },
    },
    async (request, reply) => {
      const entry = await enterCompetition(app.services, viewerOf(request), {
        competitionId: request.params.id,
      });
      return reply.status(201).send(entry);
    },
  );

  app.post(
    '/api/admin/competitions',
    {
      schema: {
        tags: adminTags,
        body: CompetitionCreate,
        response: { 201: CompetitionDetail, ...refusals(404) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const created = await createCompetition(app.services, viewerOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/admin/competitions/:id',
    {
      schema: {
        tags: adminTags,
        params: CompetitionIdParams,
        body: CompetitionUpdate,
        response: { 200: CompetitionDetail, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      editCompetition(app.services, viewerOf(request), {
        competitionId: request.params.id,
        changes: request.body,
      }),
  );

  app.post(
    '/api/admin/competitions/:id/open',
    {
      schema: {
        tags: adminTags,
        params: CompetitionIdParams,
        response: { 200: CompetitionDetail, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) => openCompetition(app.services, viewerOf(request), { competitionId: request.params.id }),
  );

  app.post(
    '/api/admin/competitions/:id/cancel',
    {
      schema: {
        tags: adminTags,
        params: CompetitionIdParams,
        response: { 200: CompetitionDetail, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      cancelCompetition(app.services, viewerOf(request), { competitionId: request.params.id }),
  );

  app.post(
    '/api/admin/competitions/:id/replay',
    {
      schema: {
        tags: adminTags,
        summary: 'What if: this competition settled again under other rules (nothing is saved)',
        params: CompetitionIdParams,
        body: ReplayPreviewRequest,
        response: { 200: ReplayPreview },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      replayPreview(app.services, viewerOf(request), {
        competitionId: request.params.id,
        rules: request.body.rules,
        buyBack: request.body.buyBack,
      }),
  );
};
