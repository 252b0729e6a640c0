import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { GameInputError, runReplay } from '@lastman/game';
import type { SeasonFile } from '../domains/game/football/bundled.ts';

const USAGE = [
  'usage: npm run -s lms -- replay --season <openfootball.json> --input <competition.json>',
  '       npm run -s lms -- import --season <openfootball.json> [--database-url <postgres://...>]',
  '       npm run -s lms -- backup [--out <dir>]',
  '       npm run -s lms -- restore <backup.tar.gz> [--data-dir <dir>] [--force]',
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
    '../domains/game/football/bundled.ts'
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

/**
 * Writes a backup of the embedded database and the uploaded files. A running server holds the
 * database's folder, so it is asked over its local socket; with no server running, the folder is
 * opened here. On PostgreSQL the archive holds the uploaded files; the database is pg_dump's.
 */
async function backupCommand(args: string[]): Promise<void> {
  let values: { out?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const config = await cliConfig();
  const path = await import('node:path');
  const outDir = values.out ? path.resolve(values.out) : undefined;
  const { askServerForBackup } = await import('../backup/admin-socket.ts');
  let result = await askServerForBackup(config, outDir);
  let how = 'asked the running server';
  if (!result) {
    const { openDatabase } = await import('../db/client.ts');
    const { takeBackup } = await import('../backup/backup.ts');
    const database = openDatabase(
      config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
    );
    try {
      result = await takeBackup(database, config, new Date(), outDir);
    } finally {
      await database.close();
    }
    how = 'no server running';
  }
  process.stdout.write(
    `backup written: ${result.file} (${Math.round(result.bytes / 1024)} KB, ${result.manifest.files} files; ${how})\n`,
  );
  if (result.manifest.database === 'postgres') {
    process.stdout.write(
      'the database is PostgreSQL: back it up with pg_dump (README, "Backups"); this archive holds the uploaded files\n',
    );
  }
}

/** Brings a backup back into a data folder (DATA_DIR unless --data-dir); the server must be stopped. */
async function restoreCommand(args: string[]): Promise<void> {
  let values: { 'data-dir'?: string | undefined; force?: boolean | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { 'data-dir': { type: 'string' }, force: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError(`name one backup file\n${USAGE}`);
  // Restoring needs no secret; reading the config must not write a new one into the empty folder.
  const config = await cliConfig(values['data-dir'], { AUTH_SECRET: 'x'.repeat(32) });
  const { restoreBackup, RestoreError } = await import('../backup/backup.ts');
  if (await serverAnswers(config)) {
    throw new UsageError(`a server is running on ${config.DATA_DIR}: stop it before restoring into it`);
  }
  try {
    const { manifest, movedAside } = await restoreBackup(file, config.DATA_DIR, {
      force: values.force === true,
      now: new Date(),
    });
    process.stdout.write(
      `restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}${movedAside ? ` (the folder that was there is now ${movedAside})` : ''}\n`,
    );
    if (manifest.database === 'postgres') {
      process.stdout.write('it held the uploaded files only: restore the database with pg_restore\n');
    }
  } catch (error) {
    if (error instanceof RestoreError) throw new UsageError(error.message);
    throw error;
  }
}

/** Whether a server answers on the socket; asking it for nothing would take a backup, so only connect. */
async function serverAnswers(config: { DATA_DIR: string }): Promise<boolean> {
  const { request } = await import('node:http');
  const { adminSocketPath } = await import('../backup/backup.ts');
  return new Promise((resolve) => {
    const req = request({ socketPath: adminSocketPath(config), path: '/', method: 'GET' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function cliConfig(dataDir?: string, defaults: Record<string, string> = {}) {
  const { loadConfig, ConfigError } = await import('../config.ts');
  try {
    return loadConfig({ ...defaults, ...process.env, ...(dataDir !== undefined && { DATA_DIR: dataDir }) });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'backup') return backupCommand(rest);
  if (command === 'restore') return restoreCommand(rest);
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
