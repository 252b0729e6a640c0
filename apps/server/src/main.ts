import { buildApp } from './app.ts';
import { startAdminSocket, startBackupSchedule } from './backup/admin-socket.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureClub } from './domains/club/service.ts';
import { importBundledSeasons } from './domains/game/football/bundled.ts';
import { startFootballDataSync } from './domains/game/football/football-data.ts';
import { startOpenfootballFeed } from './domains/game/football/openfootball-feed.ts';
import { notifyFeedMatchAlerts, publishFeedChanges, publishResults } from './domains/game/index.ts';
import { startSettlementWorker } from './domains/game/settlement/worker.ts';
import { startNotificationJobs } from './domains/notifications/index.ts';
import { startPaymentsWorker } from './domains/payments/provider/worker.ts';
import { closeForgottenClockOuts } from './domains/staff/clock/service.ts';
import { DEMO_CLUB_SLUG, DEMO_PASSWORD, demoAccounts, seedDemo } from './seed/demo.ts';
import { refreshDemoContent } from './seed/demo-content.ts';

async function main() {
  const config = loadConfig();
  const database = openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  await database.migrate();

  const app = await buildApp({ config, database });
  const { db, auth } = app.services;
  // Demo data: on an embedded database's first start, or when asked; never by default on PostgreSQL.
  const seedWanted = config.SEED_DEMO ?? database.kind === 'pglite';
  const seeded = seedWanted ? await seedDemo(db, auth) : false;
  // The demo club's dates, menu and photos: its coming month made again from today on every start.
  if (seedWanted) await refreshDemoContent(app.services, DEMO_CLUB_SLUG);
  await ensureClub(db, config.DEFAULT_CLUB);
  // The bundled seasons (Premier League and Championship, shared by every club): any missing one is
  // imported. From the files alone: the server needs no network to offer the current season.
  const imported = await importBundledSeasons(db);
  if (imported.length > 0) app.log.info({ seasons: imported.map((s) => s.key) }, 'bundled seasons imported');

  let settlement: ReturnType<typeof startSettlementWorker> | null = null;
  let footballData: ReturnType<typeof startFootballDataSync> | null = null;
  let openfootball: ReturnType<typeof startOpenfootballFeed> | null = null;
  let payments: ReturnType<typeof startPaymentsWorker> | null = null;
  let clockHousekeeping: ReturnType<typeof setInterval> | null = null;
  let adminSocket: Awaited<ReturnType<typeof startAdminSocket>> | null = null;
  let backups: ReturnType<typeof startBackupSchedule> | null = null;
  let notificationJobs: ReturnType<typeof startNotificationJobs> | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing`);
    // Fastify stops accepting, waits for requests in flight, then the database closes.
    await app.close();
    footballData?.stop();
    openfootball?.stop();
    await settlement?.stop();
    await payments?.stop();
    if (clockHousekeeping) clearInterval(clockHousekeeping);
    backups?.stop();
    await adminSocket?.close();
    await notificationJobs?.stop();
    await app.services.mailer.flush();
    await app.services.sms.flush();
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
  // Locks and settles rounds by the server clock; safe to run in every process (advisory locks).
  settlement = startSettlementWorker({
    db,
    clock: app.services.clock,
    events: app.services.events,
    log: app.log,
  });
  if (config.FOOTBALL_DATA_TOKEN) {
    const worker = settlement;
    footballData = startFootballDataSync({
      db,
      source: {
        token: config.FOOTBALL_DATA_TOKEN,
        baseUrl: config.FOOTBALL_DATA_URL,
        competition: config.FOOTBALL_DATA_COMPETITION,
        ...(config.FOOTBALL_DATA_SEASON !== undefined && { season: config.FOOTBALL_DATA_SEASON }),
      },
      intervalMs: config.FOOTBALL_DATA_SYNC_MINUTES * 60_000,
      now: () => app.services.clock.now(),
      // Open screens hear each live score at once, and after each match-day sync fetch the round again.
      onLive: async (changes) => {
        await publishFeedChanges(app.services.events, changes);
        await notifyFeedMatchAlerts(app.services, changes);
      },
      afterSync: async (summary) => {
        await worker.kick();
        if (summary.matchDay) await publishResults(app.services.events, summary.seasonId);
      },
      log: app.log,
    });
  }
  // The current season kept up to date from openfootball (free, no key): fixtures, moved kick-offs and
  // results. football-data.org, when its token is set, stays the source of live scores (on its season).
  if (config.OPENFOOTBALL_URL !== 'off') {
    const worker = settlement;
    openfootball = startOpenfootballFeed({
      services: app.services,
      baseUrl: config.OPENFOOTBALL_URL,
      intervalMs: config.OPENFOOTBALL_POLL_SECONDS * 1000,
      afterUpdate: () => worker.kick(),
      log: app.log,
    });
  }
  // Expires unpaid orders and refunds cancelled competitions; idempotent, so safe in every process.
  payments = startPaymentsWorker(app.services, app.log);
  // Closes clock-ins left open past their shift (one UPDATE, safe in every process).
  clockHousekeeping = setInterval(
    () =>
      void closeForgottenClockOuts({ db, clock: app.services.clock }).catch((err: unknown) =>
        app.log.error({ err }, 'closing forgotten clock-outs failed'),
      ),
    5 * 60_000,
  );
  clockHousekeeping.unref();
  // Backups: `lms backup` asks this process over a local socket; the schedule takes its own.
  const backupDeps = { database, config, clock: app.services.clock, log: app.log };
  // A second process on the same DATA_DIR (several instances on one PostgreSQL) finds the socket
  // taken: it serves without it, and the process holding it takes the backups.
  try {
    adminSocket = await startAdminSocket(backupDeps);
    backups = startBackupSchedule({ ...backupDeps, backup: adminSocket.backup });
  } catch (err) {
    app.log.warn({ err }, 'no backup socket in this process: `lms backup` goes to the one that has it');
  }
  // Sends queued push and email each second and reminders each minute; safe in every process.
  notificationJobs = startNotificationJobs(app.services, app.log);
  const where =
    database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `  Lastman is running: ${config.PUBLIC_URL}`,
    `  Data: ${where}${seeded ? ' (demo club "The Red Lion" created)' : ''}`,
    `  API docs: ${config.PUBLIC_URL}/api/docs`,
  ];
  if (seedWanted) {
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
