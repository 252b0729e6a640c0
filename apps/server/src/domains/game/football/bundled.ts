import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GameInputError, parseOpenfootballSeason, type Season } from '@lastman/game';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type ImportSummary, importSeason } from './importer.ts';
import { seasons } from './schema.ts';

/** The openfootball seasons that ship with the server (apps/server/seed/football): Premier League and Championship. */
export const BUNDLED_SEASONS_DIR = fileURLToPath(new URL('../../../../seed/football/', import.meta.url));

export class SeasonFileError extends Error {}

export interface SeasonFile {
  /** The season's stable key: the file's name without `.json` (`premier-league-2024-25`). */
  key: string;
  name: string;
  season: Season;
}

/** Reads and checks an openfootball season file (any line endings, an optional byte-order mark). */
export async function readSeasonFile(file: string): Promise<SeasonFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SeasonFileError(`cannot read the season file ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new SeasonFileError(`the season file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  let season: Season;
  try {
    season = parseOpenfootballSeason(json);
  } catch (error) {
    if (error instanceof GameInputError) throw new SeasonFileError(`${file}: ${error.message}`);
    throw error;
  }
  const key = path.basename(file).replace(/\.json$/i, '');
  return { key, name: season.name || key, season };
}

/** Imports a read season file in one transaction: updates the season in place when it exists. */
export async function importSeasonFile(
  db: Db,
  { key, name, season }: SeasonFile,
  updatedBy: 'import' | 'bundled' = 'import',
): Promise<ImportSummary & { key: string; name: string }> {
  const summary = await db.transaction((tx) =>
    importSeason(tx, { key, name, source: 'openfootball', season, updatedBy }),
  );
  return { ...summary, key, name };
}

export async function listBundledSeasonFiles(): Promise<string[]> {
  const names = await readdir(BUNDLED_SEASONS_DIR);
  return names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => path.join(BUNDLED_SEASONS_DIR, n));
}

/**
 * Every bundled season the database does not have yet, imported. Seasons are shared by all clubs, so
 * every club's admins can run competitions and "what if" replays on them. One that is already there
 * is left alone: a start stays quick, and `lms import` is the way to update one in place.
 */
export async function importBundledSeasons(
  db: Db,
  opts: { missingOnly?: boolean } = {},
): Promise<(ImportSummary & { key: string; name: string })[]> {
  const files = await listBundledSeasonFiles();
  const keyOf = (f: string) => path.basename(f, '.json');
  const present = new Set(
    opts.missingOnly === false
      ? []
      : (
          await db
            .select({ key: seasons.key })
            .from(seasons)
            .where(inArray(seasons.key, files.map(keyOf)))
        ).map((r) => r.key),
  );
  const done: (ImportSummary & { key: string; name: string })[] = [];
  for (const file of files) {
    if (!present.has(keyOf(file)))
      done.push(await importSeasonFile(db, await readSeasonFile(file), 'bundled'));
  }
  return done;
}
