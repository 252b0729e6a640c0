import {
  ClockCode,
  ClockEntry,
  ClockInInput,
  ClockSettingInput,
  ClockStatus,
  TillCreated,
  TillIdParams,
  TillInput,
  TillList,
  UserIdParams,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { currentViewer } from '../../../http/guards.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { changeStaffSettings } from '../people/settings.ts';
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
} from './service.ts';

/** Clocking in and out (by the till's code), breaks, the club's tills, and who may clock without the code. */
export const clockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rota'];

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
