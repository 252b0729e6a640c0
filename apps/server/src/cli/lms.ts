import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { GameInputError, runReplay } from '@lastman/game';
import type { SeasonFile } from '../features/football/bundled.ts';

const USAGE = [
  'usage: npm run -s lms -- replay --season <openfootball.json> --input <competition.json>',
  '       npm run -s lms -- import --season <openfootball.json> [--database-url <postgres://...>]',
].join('\n');

class UsageError extends Error {}

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the ${what} file ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new UsageError(`the ${what} file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

async function replayCommand(args: string[]): Promise<void> {
  let values: { season?: string | undefined; input?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { season: { type: 'string' }, input: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.season) throw new UsageError(`missing --season <openfootball.json>\n${USAGE}`);
  if (!values.input) throw new UsageError(`missing --input <competition.json>\n${USAGE}`);
  const [season, input] = await Promise.all([
    readJson(values.season, 'season'),
    readJson(values.input, 'input'),
  ]);
  let output: ReturnType<typeof runReplay>;
  try {
    output = runReplay(season, input);
  } catch (error) {
    if (error instanceof GameInputError) {
      const file = error.code === 'SEASON_FORMAT' ? values.season : values.input;
      throw new UsageError(`${file}: ${error.message}`);
    }
    throw error;
  }
  await new Promise<void>((resolve, reject) => {
    process.stdout.write(`${JSON.stringify(output)}\n`, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Imports (or updates in place) one openfootball season into the server's database: DATABASE_URL or
 * --database-url for PostgreSQL, else the embedded database in DATA_DIR, as the server does. On the
 * embedded database the server must be stopped first: one process may open its folder at a time.
 */
async function importCommand(args: string[]): Promise<void> {
  let values: { season?: string | undefined; 'database-url'?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { season: { type: 'string' }, 'database-url': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.season) throw new UsageError(`missing --season <openfootball.json>\n${USAGE}`);
  // Loaded lazily: `replay` needs neither the database nor the server's configuration.
  const { loadConfig, ConfigError } = await import('../config.ts');
  const { openDatabase } = await import('../db/client.ts');
  const { importSeasonFile, readSeasonFile, SeasonFileError } = await import(
    '../features/football/bundled.ts'
  );
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({
      ...process.env,
      ...(values['database-url'] !== undefined && { DATABASE_URL: values['database-url'] }),
    });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  let seasonFile: SeasonFile;
  try {
    seasonFile = await readSeasonFile(values.season); // a bad file is reported before the database is opened
  } catch (error) {
    if (error instanceof SeasonFileError) throw new UsageError(error.message);
    throw error;
  }
  const database = openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    await database.migrate();
    const summary = await importSeasonFile(database.db, seasonFile);
    const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.DATA_DIR}`;
    process.stdout.write(
      `imported ${summary.key} (${summary.name}) into ${where}: ${summary.teams} teams, ${summary.fixtures} fixtures\n`,
    );
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'replay') return replayCommand(rest);
  if (command === 'import') return importCommand(rest);
  throw new UsageError(
    command === undefined ? `missing command\n${USAGE}` : `unknown command "${command}"\n${USAGE}`,
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`lms: ${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  process.stderr.write(
    `lms: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
