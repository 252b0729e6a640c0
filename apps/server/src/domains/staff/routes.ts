import {
  ClockCode,
  ClockEntry,
  ClockInInput,
  ClockSettingInput,
  ClockStatus,
  CopyWeekInput,
  CopyWeekResult,
  PayRateInput,
  PayRateSet,
  PayrollNumberInput,
  PublishWeekInput,
  PublishWeekResult,
  RotaWeek,
  ShiftCheck,
  ShiftCheckInput,
  ShiftCreated,
  ShiftIdParams,
  ShiftInput,
  ShiftPlacement,
  ShiftUpdate,
  StaffShifts,
  TillCreated,
  TillIdParams,
  TillInput,
  TillList,
  UserIdParams,
  WeekQuery,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../http/access.ts';
import { currentViewer } from '../../http/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import {
  clockCode,
  clockIn,
  clockOut,
  clockStatus,
  createTill,
  endBreak,
  removeTill,
  startBreak,
  tillsOf,
} from './clock/service.ts';
import {
  changePayRate,
  changeStaffSettings,
  checkShift,
  claimShift,
  copyWeek,
  createShift,
  editShift,
  myShifts,
  placeShift,
  publishWeek,
  removeShift,
  rotaWeek,
} from './shifts/service.ts';

export const rotaRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.put(
    '/api/admin/staff/:userId/pay-rate',
    {
      schema: {
        tags,
        params: UserIdParams,
        body: PayRateInput,
        response: { 200: PayRateSet, ...refusals(404) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      changePayRate(app.services, viewerOf(request), { userId: request.params.userId, input: request.body }),
  );

  app.put(
    '/api/admin/staff/:userId/payroll-number',
    {
      schema: {
        tags,
        description: 'The person’s employee number in the club’s payroll software (null clears it).',
        params: UserIdParams,
        body: PayrollNumberInput,
        response: { 204: z.null(), ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await changeStaffSettings(app.services, viewerOf(request), {
        userId: request.params.userId,
        values: request.body,
      });
      return reply.status(204).send(null);
    },
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

  // Clock-in.
  app.get(
    '/api/clock/code',
    {
      schema: {
        tags,
        headers: z.object({ 'x-till-key': z.string().max(100).optional() }),
        response: { 200: ClockCode, ...refusals(403) },
      },
      // The admin, or the till device by its key: checked in the service (http/access.ts admits anyone).
      config: { access: 'public' },
    },
    async (request) =>
      clockCode(app.services, await currentViewer(request), { tillKey: request.headers['x-till-key'] }),
  );

  app.get(
    '/api/clock/status',
    { schema: { tags, response: { 200: ClockStatus } }, config: { access: 'staff' } },
    async (request) => clockStatus(app.services, viewerOf(request)),
  );

  app.post(
    '/api/clock/in',
    {
      schema: { tags, body: ClockInInput, response: { 201: ClockEntry, ...refusals(403, 409) } },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      reply.status(201).send(await clockIn(app.services, viewerOf(request), request.body)),
  );

  for (const [path, action] of [
    ['/api/clock/out', clockOut],
    ['/api/clock/break/start', startBreak],
    ['/api/clock/break/end', endBreak],
  ] as const) {
    app.post(
      path,
      { schema: { tags, response: { 200: ClockEntry, ...refusals(409) } }, config: { access: 'staff' } },
      async (request) => action(app.services, viewerOf(request)),
    );
  }

  app.get(
    '/api/admin/clock/tills',
    { schema: { tags, response: { 200: TillList } }, config: { access: 'admin' } },
    async (request) => tillsOf(app.services, viewerOf(request)),
  );

  app.post(
    '/api/admin/clock/tills',
    { schema: { tags, body: TillInput, response: { 201: TillCreated } }, config: { access: 'admin' } },
    async (request, reply) =>
      reply.status(201).send(await createTill(app.services, viewerOf(request), request.body)),
  );

  app.delete(
    '/api/admin/clock/tills/:id',
    {
      schema: { tags, params: TillIdParams, response: { 204: z.null(), ...refusals(404) } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await removeTill(app.services, viewerOf(request), { tillId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/admin/staff/:userId/clock-setting',
    {
      schema: {
        tags,
        params: UserIdParams,
        body: ClockSettingInput,
        response: { 204: z.null(), ...refusals(404) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await changeStaffSettings(app.services, viewerOf(request), {
        userId: request.params.userId,
        values: { clockWithoutCode: request.body.clockWithoutCode },
      });
      return reply.status(204).send(null);
    },
  );
};
