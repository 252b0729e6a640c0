import {
  CopyWeekInput,
  CopyWeekResult,
  PublishWeekInput,
  PublishWeekResult,
  RotaWeek,
  ShiftCheck,
  ShiftCheckInput,
  ShiftCreated,
  ShiftFeed,
  ShiftFeedParams,
  ShiftIdParams,
  ShiftInput,
  ShiftPlacement,
  ShiftTemplateCreated,
  ShiftTemplateInput,
  ShiftTemplateList,
  ShiftUpdate,
  StaffShifts,
  TemplateIdParams,
  WeekQuery,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { shiftFeed, shiftFeedUrl, shiftIcs } from './calendar.ts';
import { claimShift, myShifts } from './my-shifts.ts';
import { checkShift, createShift, editShift, placeShift, removeShift } from './service.ts';
import { copyWeek, publishWeek, rotaWeek } from './week.ts';
import './reminders.ts';
import { createTemplate, listTemplates, removeTemplate } from './templates.ts';

const CALENDAR = 'text/calendar; charset=utf-8';
const calendarResponse = { 200: { content: { 'text/calendar': { schema: z.string() } } } };

/** The rota's shifts: the week, adding, moving and publishing shifts, templates, a person's own shifts and calendars. */
export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rota'];

  app.get(
    '/api/admin/rota',
    { schema: { tags, querystring: WeekQuery, response: { 200: RotaWeek } }, config: { access: 'admin' } },
    async (request) => rotaWeek(app.services, viewerOf(request), request.query),
  );

  app.post(
    '/api/admin/shifts',
    {
      schema: { tags, body: ShiftInput, response: { 201: ShiftCreated, ...refusals(409) } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send({ shift: await createShift(app.services, viewerOf(request), request.body) }),
  );

  app.post(
    '/api/admin/shift-checks',
    { schema: { tags, body: ShiftCheckInput, response: { 200: ShiftCheck } }, config: { access: 'admin' } },
    async (request) => checkShift(app.services, viewerOf(request), request.body),
  );

  app.patch(
    '/api/admin/shifts/:id',
    {
      schema: {
        tags,
        params: ShiftIdParams,
        body: ShiftUpdate,
        response: { 200: ShiftCreated, ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      shift: await editShift(app.services, viewerOf(request), {
        shiftId: request.params.id,
        input: request.body,
      }),
    }),
  );

  // Drag and drop on the week grid (and its "Move to…", "Copy to…"): to a person's London day, times kept.
  app.post(
    '/api/admin/shifts/:id/move',
    {
      schema: {
        tags,
        description:
          'Moves a shift to a person (or open) and a London day, keeping its London times; it becomes a draft. Refused (409) on an overlap, the person’s approved leave or an approved timesheet week.',
        params: ShiftIdParams,
        body: ShiftPlacement,
        response: { 200: ShiftCreated, ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      shift: await placeShift(app.services, viewerOf(request), {
        shiftId: request.params.id,
        to: request.body,
        copy: false,
      }),
    }),
  );

  app.post(
    '/api/admin/shifts/:id/copy',
    {
      schema: {
        tags,
        description:
          'Copies a shift, as a draft, to a person (or open) and a London day at the same London times. Refused (409) like a move.',
        params: ShiftIdParams,
        body: ShiftPlacement,
        response: { 201: ShiftCreated, ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send({
        shift: await placeShift(app.services, viewerOf(request), {
          shiftId: request.params.id,
          to: request.body,
          copy: true,
        }),
      }),
  );

  app.delete(
    '/api/admin/shifts/:id',
    {
      schema: { tags, params: ShiftIdParams, response: { 204: z.null(), ...refusals(404, 409) } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await removeShift(app.services, viewerOf(request), { shiftId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/rota/publish',
    {
      schema: { tags, body: PublishWeekInput, response: { 200: PublishWeekResult, ...refusals(409) } },
      config: { access: 'admin' },
    },
    async (request) => publishWeek(app.services, viewerOf(request), request.body),
  );

  app.post(
    '/api/admin/rota/copy',
    { schema: { tags, body: CopyWeekInput, response: { 200: CopyWeekResult } }, config: { access: 'admin' } },
    async (request) => copyWeek(app.services, viewerOf(request), request.body),
  );

  app.get(
    '/api/shifts/mine',
    { schema: { tags, response: { 200: StaffShifts } }, config: { access: 'staff' } },
    async (request) => myShifts(app.services, viewerOf(request)),
  );

  app.post(
    '/api/shifts/:id/claim',
    {
      schema: { tags, params: ShiftIdParams, response: { 200: ShiftCreated, ...refusals(404, 409) } },
      config: { access: 'staff' },
    },
    async (request) => ({
      shift: await claimShift(app.services, viewerOf(request), { shiftId: request.params.id }),
    }),
  );

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
      // The link is the key: signed for one person (calendar.ts), as calendar apps send no session.
      config: { access: 'public' },
    },
    async (request, reply) =>
      reply
        .type(CALENDAR)
        .header('cache-control', 'private, max-age=900')
        .send(await shiftFeed(app.services, { token: request.params.token })),
  );
};
