import {
  AdminEntriesQuery,
  AdminEntryList,
  AdminEntryView,
  BuyBackResult,
  CashBuyBackCreate,
  CashBuyBackCreated,
  CashEntryCreate,
  CashEntryCreated,
  CompetitionEntryParams,
  CompetitionEntryRoundParams,
  CompetitionIdParams,
  EntryIdParams,
  EntryKnockedOut,
  EntryKnockOut,
  PickRequest,
  PickResponse,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { recordCashEntries } from '../../payments/index.ts';
import { pickForNameOnlyEntry } from '../picks/index.ts';
import { buyBackEntry, recordBuyBackByClub } from './buy-backs.ts';
import { competitionEntries, knockOut, reinstate } from './service.ts';

/** A player buys their knocked-out entry back in: a checkout, or a free rejoin. */
export const entryBuyBackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/entries/:id/buy-back',
    {
      schema: {
        tags: ['game'],
        summary:
          'Buy a knocked-out entry back in, before the next round’s deadline: a checkout like an order of entries, or at once when the buy-back is free',
        params: EntryIdParams,
        response: { 200: BuyBackResult, ...refusals(403, 404, 409) },
      },
      config: { access: 'member' },
    },
    async (request) => buyBackEntry(app.services, viewerOf(request), { entryId: request.params.id }),
  );
};

/** Who is in a competition, and the club knocking an entry out (and back in). */
export const entriesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin', 'game'];
  const services = app.services;

  app.get(
    '/api/admin/competitions/:id/entries',
    {
      schema: {
        tags,
        summary: "A competition's entries: player, status, picks and how each was paid",
        params: CompetitionIdParams,
        querystring: AdminEntriesQuery,
        response: { 200: AdminEntryList },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      competitionEntries(services, viewerOf(request), {
        competitionId: request.params.id,
        search: request.query.search,
      }),
  );

  app.post(
    '/api/admin/competitions/:id/entries/:entryId/knock-out',
    {
      schema: {
        tags,
        summary:
          'Knock an entry out for a broken club rule, from the first round not settled yet; the player is told why, and the entry can be refunded with it',
        params: CompetitionEntryParams,
        body: EntryKnockOut,
        response: { 200: EntryKnockedOut, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      knockOut(services, viewerOf(request), {
        competitionId: request.params.id,
        entryId: request.params.entryId,
        knockOut: request.body,
      }),
  );

  app.post(
    '/api/admin/competitions/:id/entries/:entryId/reinstate',
    {
      schema: {
        tags,
        summary: 'Undo a knock-out: the entry is back from the round it was removed from',
        params: CompetitionEntryParams,
        response: { 200: AdminEntryView, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      reinstate(services, viewerOf(request), {
        competitionId: request.params.id,
        entryId: request.params.entryId,
      }),
  );

  app.post(
    '/api/admin/competitions/:id/cash-entries',
    {
      schema: {
        tags,
        summary:
          'Record entries paid for in cash at the bar, for a member or a name-only player (no account): a paid order, the entries in at once',
        params: CompetitionIdParams,
        body: CashEntryCreate,
        response: { 201: CashEntryCreated, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const created = await recordCashEntries(services, viewerOf(request), {
        competitionId: request.params.id,
        cash: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/admin/competitions/:id/entries/:entryId/buy-back',
    {
      schema: {
        tags,
        summary:
          'Record a buy-back paid in cash at the bar (a paid cash order, the entry back in at once), or rejoin the entry when the buy-back is free',
        params: CompetitionEntryParams,
        body: CashBuyBackCreate,
        response: { 201: CashBuyBackCreated, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const created = await recordBuyBackByClub(services, viewerOf(request), {
        competitionId: request.params.id,
        entryId: request.params.entryId,
        cash: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/competitions/:id/entries/:entryId/picks/:round',
    {
      schema: {
        tags,
        summary:
          "Pick for a name-only player's entry (a regular without the app): the same deadline and one-team rules as a player's own pick",
        params: CompetitionEntryRoundParams,
        body: PickRequest,
        response: { 200: PickResponse, ...refusals(403, 404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      pickForNameOnlyEntry(services, viewerOf(request), {
        competitionId: request.params.id,
        entryId: request.params.entryId,
        round: request.params.round,
        teamId: request.body.teamId,
      }),
  );
};
