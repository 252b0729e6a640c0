import {
  ApprovalParams,
  ApproveWeekInput,
  ApproveWeekResult,
  ClockEntryAddInput,
  ClockEntryCorrectionInput,
  ClockEntryIdParams,
  CorrectedEntry,
  MyTimesheetQuery,
  TimesheetQuery,
  TimesheetReport,
} from '@lastman/api';
import { londonStamp } from '@lastman/api/format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { approvalSuffix, assertSageReady, timesheetCsv } from './csv.ts';
import { addEntry, approveWeek, correctEntry, reopenWeek, timesheetReport } from './service.ts';

export const timesheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['timesheets'];

  app.get(
    '/api/admin/timesheets',
    {
      schema: {
        tags,
        description:
          'JSON by default; CSV (text/csv) with `format=csv` or `Accept: text/csv`, in the chosen `layout`.',
        querystring: TimesheetQuery,
        produces: ['application/json', 'text/csv'],
        response: {
          200: {
            content: { 'application/json': { schema: TimesheetReport }, 'text/csv': { schema: z.string() } },
          },
          ...refusals(400, 404),
        },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const q = request.query;
      const report = await timesheetReport(app.services, viewer, q);
      const wantsCsv =
        q.format === 'csv' || (!q.format && /\btext\/csv\b/.test(request.headers.accept ?? ''));
      if (!wantsCsv) return report;
      const layout = q.layout ?? 'generic';
      if (layout === 'sage50') assertSageReady(report, q.sagePayment);
      const person = q.userId ? report.weeks[0]?.people.find((p) => p.userId === q.userId) : undefined;
      const csv = timesheetCsv({
        report,
        layout,
        sagePayment: q.sagePayment,
        personName: person?.name ?? null,
        londonLabel: londonStamp,
      });
      const name = `timesheets-${layout}-${report.from}-to-${report.to}${layout === 'sage50' ? approvalSuffix(report) : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.post(
    '/api/admin/timesheets/approvals',
    {
      schema: { tags, body: ApproveWeekInput, response: { 200: ApproveWeekResult, ...refusals(404, 409) } },
      config: { access: 'admin' },
    },
    async (request) => approveWeek(app.services, viewerOf(request), request.body),
  );

  app.delete(
    '/api/admin/timesheets/approvals/:week/:userId',
    {
      schema: { tags, params: ApprovalParams, response: { 204: z.null(), ...refusals(404) } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await reopenWeek(app.services, viewerOf(request), request.params);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/admin/clock-entries/:id',
    {
      schema: {
        tags,
        params: ClockEntryIdParams,
        body: ClockEntryCorrectionInput,
        response: { 200: CorrectedEntry, ...refusals(400, 404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      correctEntry(app.services, viewerOf(request), { entryId: request.params.id, input: request.body }),
  );

  app.post(
    '/api/admin/clock-entries',
    {
      schema: {
        tags,
        body: ClockEntryAddInput,
        response: { 201: CorrectedEntry, ...refusals(400, 404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send(await addEntry(app.services, viewerOf(request), request.body)),
  );

  app.get(
    '/api/timesheets/mine',
    {
      schema: { tags, querystring: MyTimesheetQuery, response: { 200: TimesheetReport, ...refusals(400) } },
      config: { access: 'staff' },
    },
    async (request) => {
      const viewer = viewerOf(request);
      return timesheetReport(app.services, viewer, {
        ...request.query,
        userId: viewer.userId,
        ownHours: true,
      });
    },
  );
};
