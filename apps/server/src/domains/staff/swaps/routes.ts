import {
  ColleagueList,
  ColleagueQuery,
  ShiftIdParams,
  ShiftSwapCreated,
  ShiftSwapList,
  SwapAnswer,
  SwapDecision,
  SwapIdParams,
  SwapInput,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import {
  answerSwap,
  clubSwaps,
  colleagues,
  decideSwap,
  mySwaps,
  offerSwap,
  withdrawSwap,
} from './service.ts';

/** Shift swaps between colleagues, and the colleagues one can swap with. */
export const swapRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rota'];

  app.post(
    '/api/shifts/:id/swaps',
    {
      schema: {
        tags,
        params: ShiftIdParams,
        body: SwapInput,
        response: { 201: ShiftSwapCreated, ...refusals(409) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      reply.status(201).send(
        await offerSwap(app.services, viewerOf(request), {
          shiftId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/api/shift-swaps/mine',
    { schema: { tags, response: { 200: ShiftSwapList } }, config: { access: 'staff' } },
    async (request) => mySwaps(app.services, viewerOf(request)),
  );

  app.post(
    '/api/shift-swaps/:id/answer',
    {
      schema: {
        tags,
        params: SwapIdParams,
        body: SwapAnswer,
        response: { 200: ShiftSwapCreated, ...refusals(409) },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      answerSwap(app.services, viewerOf(request), { id: request.params.id, accept: request.body.accept }),
  );

  app.post(
    '/api/shift-swaps/:id/withdraw',
    {
      schema: { tags, params: SwapIdParams, response: { 200: ShiftSwapCreated, ...refusals(409) } },
      config: { access: 'staff' },
    },
    async (request) => withdrawSwap(app.services, viewerOf(request), { id: request.params.id }),
  );

  app.get(
    '/api/staff/colleagues',
    {
      schema: { tags, querystring: ColleagueQuery, response: { 200: ColleagueList, ...refusals(404) } },
      config: { access: 'staff' },
    },
    async (request) => colleagues(app.services, viewerOf(request), request.query.forShift),
  );

  app.get(
    '/api/admin/shift-swaps',
    { schema: { tags, response: { 200: ShiftSwapList } }, config: { access: 'admin' } },
    async (request) => clubSwaps(app.services, viewerOf(request)),
  );

  app.post(
    '/api/admin/shift-swaps/:id/decision',
    {
      schema: {
        tags,
        params: SwapIdParams,
        body: SwapDecision,
        response: { 200: ShiftSwapCreated, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      decideSwap(app.services, viewerOf(request), { id: request.params.id, approve: request.body.approve }),
  );
};
