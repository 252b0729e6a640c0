import type { PersonalExportPart } from '../../lib/registries.ts';
import { staffRecordsOf } from './people/records.ts';

/** For staff: the club's shifts, clock entries and leave of theirs, and their payroll number. */
export const staffPersonalExport: PersonalExportPart = async (db, at) => {
  const work = await staffRecordsOf(db, at);
  return { work: work ? [work] : [] };
};
