import {
  PayRateInput,
  PayRateSet,
  PayrollNumberInput,
  PositionRateInput,
  PositionRateList,
  UserIdParams,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { changeStaffSettings } from '../people/settings.ts';
import { changePayRate, changePositionRate, listPositionRates } from './service.ts';

/** Pay: a person's own hourly rate and payroll number, and the rate per position. */
export const payRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rota'];

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
