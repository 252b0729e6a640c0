import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Viewer } from '../../http/guards.ts';
import { toCsv, UTF8_BOM, withPounds } from '../../lib/csv.ts';
import type { ClubExportPart } from '../../lib/registries.ts';
import type { Services } from '../../services.ts';
import { contactMessages, contactReplies } from './contact/schema.ts';
import { listClubMembers } from './queries.ts';
import { clubSettings } from './service.ts';

type Row = Record<string, unknown>;

/** The club's own tables in its export: the messages sent to the club and the admins' replies. */
export const contactClubExport: ClubExportPart = async (db, { clubId }) => {
  const [messageRows, replyRows] = await Promise.all([
    db.select().from(contactMessages).where(eq(contactMessages.clubId, clubId)),
    db.select().from(contactReplies).where(eq(contactReplies.clubId, clubId)),
  ]);
  return { contactMessages: messageRows, contactReplies: replyRows };
};

/** Every domain's tables of the club, in the order the domains registered their parts; a name twice is a bug. */
async function clubTables(
  db: DbOrTx,
  parts: readonly ClubExportPart[],
  at: { clubId: string },
): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const part of parts) {
    for (const [name, rows] of Object.entries(await part(db, at))) {
      if (name in tables) throw new Error(`two domains export a table named ${name}`);
      tables[name] = rows;
    }
  }
  return tables;
}

/**
 * The club's data for its admin: every table's rows of the club (each domain contributes its own,
 * lib/registries.ts), as JSON or a zip of CSV files for a spreadsheet.
 */
export async function clubExport(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'registries'>,
  viewer: Viewer,
  { format }: { format: 'json' | 'csv' },
): Promise<{ contentType: string; filename: string; body: string | Buffer }> {
  const exportedAt = services.clock.now().toISOString();
  const [club, members, tables] = await Promise.all([
    clubSettings(services, viewer),
    listClubMembers(services.db, { clubId: viewer.clubId }),
    clubTables(services.db, services.registries.clubExport.list(), { clubId: viewer.clubId }),
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
