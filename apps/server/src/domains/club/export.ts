import type { Viewer } from '../../http/guards.ts';
import { toCsv, UTF8_BOM, withPounds } from '../../lib/csv.ts';
import type { Services } from '../../services.ts';
import { contentRowsOfClub } from '../content/index.ts';
import { gameRowsOfClub } from '../game/index.ts';
import { paymentRowsOfClub } from '../payments/index.ts';
import { clubTables, listClubMembers } from './queries.ts';
import { clubSettings } from './service.ts';

type Row = Record<string, unknown>;

/** The club's data for its admin: every table's rows of the club, as JSON or a zip of CSV files for a spreadsheet. */
export async function clubExport(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  viewer: Viewer,
  { format }: { format: 'json' | 'csv' },
): Promise<{ contentType: string; filename: string; body: string | Buffer }> {
  const exportedAt = services.clock.now().toISOString();
  const [club, members, tables] = await Promise.all([
    clubSettings(services, viewer),
    listClubMembers(services.db, { clubId: viewer.clubId }),
    allTables(services, viewer.clubId),
  ]);
  const name = `lastman-${club.slug}-${exportedAt.slice(0, 10)}`;
  if (format === 'json') {
    return {
      contentType: 'application/json; charset=utf-8',
      filename: `${name}.json`,
      body: JSON.stringify({ exportedAt, club, members, ...tables }),
    };
  }
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  // Each file opens cleanly in Excel: a BOM, the header row first, money in pounds (the JSON keeps pence).
  const sheet = (rows: Row[]) => `${UTF8_BOM}${toCsv(withPounds(rows))}`;
  zip.file('club.csv', sheet([club]));
  zip.file('members.csv', sheet(members));
  for (const [table, rows] of Object.entries(tables)) zip.file(`${table}.csv`, sheet(rows as Row[]));
  const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { contentType: 'application/zip', filename: `${name}.zip`, body };
}

/** Every table's rows of the club, each domain giving its own, in the export's order. */
async function allTables(services: Pick<Services, 'db'>, clubId: string) {
  const [game, payments, content, own] = await Promise.all([
    gameRowsOfClub(services.db, { clubId }),
    paymentRowsOfClub(services.db, { clubId }),
    contentRowsOfClub(services.db, { clubId }),
    clubTables(services.db, { clubId }),
  ]);
  return {
    competitions: game.competitions,
    entries: game.entries,
    picks: game.picks,
    orders: payments.orders,
    refunds: payments.refunds,
    payouts: game.payouts,
    paymentIssues: payments.paymentIssues,
    contactMessages: own.contactMessages,
    contactReplies: own.contactReplies,
    resultCorrections: game.resultCorrections,
    ...content,
    shifts: own.shifts,
    clockEntries: own.clockEntries,
    staffSettings: own.staffSettings,
    staffPayRates: own.staffPayRates,
  };
}
