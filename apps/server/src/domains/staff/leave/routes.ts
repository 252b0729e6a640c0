import {
  AbsenceCreated,
  AbsenceDecision,
  AbsenceIdParams,
  AbsenceInput,
  AbsenceList,
  HolidayBalance,
  HolidayBalanceList,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { clubHoliday, myHoliday } from './holiday.ts';
import { clubAbsences, decideAbsence, myAbsences, requestAbsence, withdrawAbsence } from './service.ts';

/** Leave and unavailability, and the holiday balance. */
export const leaveRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rota'];

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
};
