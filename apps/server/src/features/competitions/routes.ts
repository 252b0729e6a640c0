import {
  CompetitionCreate,
  CompetitionDetail,
  CompetitionIdParams,
  CompetitionList,
  CompetitionUpdate,
  EntryView,
  ReplayPreview,
  ReplayPreviewRequest,
  RuleDescriptionList,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, requireUser } from '../../auth/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { replayPreview } from './replay-preview.ts';
import {
  cancelCompetition,
  competitionDetail,
  competitionsOf,
  createCompetition,
  editCompetition,
  enterCompetition,
  openCompetition,
  ruleChoices,
} from './service.ts';

export const competitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  const adminTags = ['admin', 'game'];
  const { db, clock } = app.services;
  const now = () => clock.now().getTime();

  app.get('/api/competition-rules', { schema: { tags, response: { 200: RuleDescriptionList } } }, async () =>
    ruleChoices(),
  );

  app.get('/api/competitions', { schema: { tags, response: { 200: CompetitionList } } }, async (request) => {
    const viewer = await requireUser(request);
    return { competitions: await competitionsOf(db, viewer, now()) };
  });

  app.get(
    '/api/competitions/:id',
    { schema: { tags, params: CompetitionIdParams, response: { 200: CompetitionDetail } } },
    async (request) => {
      const viewer = await requireUser(request);
      return competitionDetail(db, viewer, request.params.id, now());
    },
  );

  app.post(
    '/api/competitions/:id/entries',
    { schema: { tags, params: CompetitionIdParams, response: { 201: EntryView, ...refusals(402, 409) } } },
    async (request, reply) => {
      const viewer = await requireUser(request);
      const entry = await enterCompetition(db, viewer, request.params.id, now());
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
    },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      return reply.status(201).send(await createCompetition(db, admin, request.body, now()));
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
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return editCompetition(db, admin, request.params.id, request.body, now());
    },
  );

  app.post(
    '/api/admin/competitions/:id/open',
    {
      schema: {
        tags: adminTags,
        params: CompetitionIdParams,
        response: { 200: CompetitionDetail, ...refusals(409) },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return openCompetition(db, admin, request.params.id, now());
    },
  );

  app.post(
    '/api/admin/competitions/:id/cancel',
    {
      schema: {
        tags: adminTags,
        params: CompetitionIdParams,
        response: { 200: CompetitionDetail, ...refusals(409) },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return cancelCompetition(db, admin, request.params.id, now());
    },
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
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return replayPreview(db, admin, request.params.id, request.body.rules);
    },
  );
};
