import { asc, eq } from 'drizzle-orm';
import type { ClubExportPart } from '../../lib/registries.ts';
import { payouts } from './payouts/schema.ts';
import { competitions, entries, picks, resultCorrections } from './schema.ts';

/** The game's tables in the club's export: competitions, entries, picks, payouts and result corrections. */
export const gameClubExport: ClubExportPart = async (db, { clubId }) => {
  const [competitionRows, entryRows, pickRows, payoutRows, correctionRows] = await Promise.all([
    db
      .select()
      .from(competitions)
      .where(eq(competitions.clubId, clubId))
      .orderBy(asc(competitions.createdAt)),
    db.select().from(entries).where(eq(entries.clubId, clubId)).orderBy(asc(entries.createdAt)),
    db.select().from(picks).where(eq(picks.clubId, clubId)).orderBy(asc(picks.createdAt)),
    db.select().from(payouts).where(eq(payouts.clubId, clubId)),
    db.select().from(resultCorrections).where(eq(resultCorrections.clubId, clubId)),
  ]);
  return {
    competitions: competitionRows,
    entries: entryRows,
    picks: pickRows,
    payouts: payoutRows,
    resultCorrections: correctionRows,
  };
};
