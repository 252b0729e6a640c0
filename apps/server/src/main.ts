import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, demoAccounts } from './seed/demo.ts';

/** The server: reads the configuration, builds the app with its jobs, and listens. */
async function main() {
  const config = loadConfig();
  const database = openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  await database.migrate();
  // Demo data: on an embedded database's first start, or when asked; never by default on PostgreSQL.
  const seedDemo = config.SEED_DEMO ?? database.kind === 'pglite';
  const app = await buildApp({ config, database, jobs: true, seedDemo });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing`);
    // Fastify stops accepting and waits for requests in flight; each domain's jobs stop; then the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const { capacity, liveStreams } = app.services;
  app.log.info(
    {
      openFiles: capacity.openFiles ?? 'unknown',
      maxConnections: capacity.connections,
      connectionsPerAddress: capacity.connectionsPerAddress || 'no cap',
      liveStreams: liveStreams.settings,
    },
    `open files: ${capacity.openFiles ? `${capacity.openFiles.soft} (hard limit ${capacity.openFiles.hard})` : 'limit unknown'}; up to ${capacity.connections} connections and ${liveStreams.settings.max} live streams`,
  );
  const where =
    database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `  Lastman is running: ${config.PUBLIC_URL}`,
    `  Data: ${where}${seedDemo ? ' (with the demo club "The Red Lion")' : ''}`,
    `  API docs: ${config.PUBLIC_URL}/api/docs`,
  ];
  if (seedDemo) {
    lines.push(
      `  Sign in as ${demoAccounts.map((a) => a.email).join(', ')}`,
      `  Password for all: ${DEMO_PASSWORD}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
});
