import { eq } from 'drizzle-orm';
import type { ClubExportPart } from '../../lib/registries.ts';
import { clockEntries } from './clock/schema.ts';
import { staffPayRates } from './pay/schema.ts';
import { staffSettings } from './people/schema.ts';
import { shifts } from './shifts/schema.ts';

/** The staff's tables in the club's export: shifts, clock entries, staff settings and pay rates (a till's key hash is left out). */
export const staffClubExport: ClubExportPart = async (db, { clubId }) => {
  const [shiftRows, clockRows, staffRows, rateRows] = await Promise.all([
    db.select().from(shifts).where(eq(shifts.clubId, clubId)),
    db.select().from(clockEntries).where(eq(clockEntries.clubId, clubId)),
    db.select().from(staffSettings).where(eq(staffSettings.clubId, clubId)),
    db.select().from(staffPayRates).where(eq(staffPayRates.clubId, clubId)),
  ]);
  return { shifts: shiftRows, clockEntries: clockRows, staffSettings: staffRows, staffPayRates: rateRows };
};
