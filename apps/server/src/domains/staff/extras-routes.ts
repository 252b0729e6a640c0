import {
  AbsenceCreated,
  AbsenceDecision,
  AbsenceIdParams,
  AbsenceInput,
  AbsenceList,
  ColleagueList,
  HolidayBalance,
  HolidayBalanceList,
  PositionRateInput,
  PositionRateList,
  ShiftFeed,
  ShiftFeedParams,
  ShiftIdParams,
  ShiftSwapCreated,
  ShiftSwapList,
  ShiftTemplateCreated,
  ShiftTemplateInput,
  ShiftTemplateList,
  SwapAnswer,
  SwapDecision,
  SwapIdParams,
  SwapInput,
  TemplateIdParams,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../http/access.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { clubHoliday, myHoliday } from './leave/holiday.ts';
import { clubAbsences, decideAbsence, myAbsences, requestAbsence, withdrawAbsence } from './leave/service.ts';
import { shiftFeed, shiftFeedUrl, shiftIcs } from './shifts/calendar.ts';
import './shifts/reminders.ts';
import {
  changePositionRate,
  createTemplate,
  listPositionRates,
  listTemplates,
  removeTemplate,
} from './shifts/templates.ts';
import {
  answerSwap,
  clubSwaps,
  colleagues,
  decideSwap,
  mySwaps,
  offerSwap,
  withdrawSwap,
} from './swaps/service.ts';

const CALENDAR = 'text/calendar; charset=utf-8';
const calendarResponse = { 200: { content: { 'text/calendar': { schema: z.string() } } } };

/** The rota beyond shifts: templates, leave and unavailability, swaps, holiday, calendars, position rates. */
export const rotaExtrasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rota'];

  // ---- Templates (admins) ----
  app.get(
    '/api/admin/shift-templates',
    { schema: { tags, response: { 200: ShiftTemplateList } }, config: { access: 'admin' } },
    async (request) => listTemplates(app.services, viewerOf(request)),
  );
  app.post(
    '/api/admin/shift-templates',
    {
      schema: { tags, body: ShiftTemplateInput, response: { 201: ShiftTemplateCreated } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(app.services, viewerOf(request), request.body)),
  );
  app.delete(
    '/api/admin/shift-templates/:id',
    { schema: { tags, params: TemplateIdParams, response: { 204: z.null() } }, config: { access: 'admin' } },
    async (request, reply) => {
      await removeTemplate(app.services, viewerOf(request), { id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  // ---- Leave and unavailability ----
  app.get(
    '/api/absences',
    { schema: { tags, response: { 200: AbsenceList } }, config: { access: 'staff' } },
    async (request) => myAbsences(app.services, viewerOf(request)),
  );
  app.post(
    '/api/absences',
    { schema: { tags, body: AbsenceInput, response: { 201: AbsenceCreated } }, config: { access: 'staff' } },
    async (request, reply) =>
      reply.status(201).send(await requestAbsence(app.services, viewerOf(request), request.body)),
  );
  app.delete(
    '/api/absences/:id',
    { schema: { tags, params: AbsenceIdParams, response: { 204: z.null() } }, config: { access: 'staff' } },
    async (request, reply) => {
      await withdrawAbsence(app.services, viewerOf(request), { id: request.params.id });
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/admin/absences',
    { schema: { tags, response: { 200: AbsenceList } }, config: { access: 'admin' } },
    async (request) => clubAbsences(app.services, viewerOf(request)),
  );
  app.post(
    '/api/admin/absences/:id/decision',
    {
      schema: {
        tags,
        params: AbsenceIdParams,
        body: AbsenceDecision,
        response: { 200: AbsenceCreated, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      decideAbsence(app.services, viewerOf(request), {
        id: request.params.id,
        approve: request.body.approve,
        confirmNegativeBalance: request.body.confirmNegativeBalance,
      }),
  );

  // ---- Swaps ----
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
    { schema: { tags, response: { 200: ColleagueList } }, config: { access: 'staff' } },
    async (request) => colleagues(app.services, viewerOf(request)),
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

  // ---- Holiday ----
  app.get(
    '/api/holiday/mine',
    { schema: { tags, response: { 200: HolidayBalance } }, config: { access: 'staff' } },
    async (request) => myHoliday(app.services, viewerOf(request)),
  );
  app.get(
    '/api/admin/holiday',
    { schema: { tags, response: { 200: HolidayBalanceList } }, config: { access: 'admin' } },
    async (request) => clubHoliday(app.services, viewerOf(request)),
  );

  // ---- Calendars ----
  app.get(
    '/api/shifts/:id.ics',
    {
      // No `produces`: its refusals (401, 403, 404) are JSON like every other route's.
      schema: { tags, params: ShiftIdParams, response: calendarResponse },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      reply
        .type(CALENDAR)
        .header('content-disposition', `attachment; filename="shift-${request.params.id}.ics"`)
        .send(await shiftIcs(app.services, viewerOf(request), { shiftId: request.params.id })),
  );
  app.get(
    '/api/shifts/feed-link',
    { schema: { tags, response: { 200: ShiftFeed } }, config: { access: 'staff' } },
    async (request) => shiftFeedUrl(app.services, viewerOf(request)),
  );
  app.get(
    '/api/rota/feed/:token.ics',
    {
      // No `produces`: its refusals are JSON like every other route's.
      schema: { tags, params: ShiftFeedParams, response: calendarResponse },
      // The link is the key: signed for one person (shift-calendar.ts), as calendar apps send no session.
      config: { access: 'public' },
    },
    async (request, reply) =>
      reply
        .type(CALENDAR)
        .header('cache-control', 'private, max-age=900')
        .send(await shiftFeed(app.services, { token: request.params.token })),
  );

  // ---- Pay rate per position ----
  app.get(
    '/api/admin/position-pay-rates',
    { schema: { tags, response: { 200: PositionRateList } }, config: { access: 'admin' } },
    async (request) => listPositionRates(app.services, viewerOf(request)),
  );
  app.put(
    '/api/admin/position-pay-rates',
    { schema: { tags, body: PositionRateInput, response: { 204: z.null() } }, config: { access: 'admin' } },
    async (request, reply) => {
      await changePositionRate(app.services, viewerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
