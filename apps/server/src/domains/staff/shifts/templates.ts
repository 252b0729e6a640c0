import type { ShiftTemplateInput } from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { deleteTemplate, insertTemplate, templatesOf } from './queries.ts';

type Db = Pick<Services, 'db'>;

const toTemplate = (t: Awaited<ReturnType<typeof templatesOf>>[number]) => ({
  id: t.id,
  name: t.name,
  position: t.position,
  startTime: t.startTime,
  endTime: t.endTime,
  breakMinutes: t.breakMinutes,
});

export async function listTemplates(services: Db, viewer: Viewer) {
  return { templates: (await templatesOf(services.db, { clubId: viewer.clubId })).map(toTemplate) };
}

/** Minutes a template's shift lasts: an end at or before the start is on the next day. */
export function templateMinutes(startTime: string, endTime: string): number {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const d = m(endTime) - m(startTime);
  return d > 0 ? d : d + 24 * 60;
}

export async function createTemplate(services: Db, viewer: Viewer, input: ShiftTemplateInput) {
  if (input.breakMinutes >= templateMinutes(input.startTime, input.endTime))
    throw new AppError('BAD_REQUEST', 'The break must be shorter than the shift.');
  const row = await insertTemplate(services.db, { clubId: viewer.clubId, ...input });
  return { template: toTemplate(row) };
}

export async function removeTemplate(services: Db, viewer: Viewer, { id }: { id: string }) {
  if (!(await deleteTemplate(services.db, { clubId: viewer.clubId, id }))) throw notFound('The template');
}
