// A server process's sending path alone, on a test's PostgreSQL: it sends what is queued (as the
// delivery worker does) until it is killed or nothing is left. The test kills it mid-batch.
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { createNotifier, registerNotificationsParts } from '../../src/domains/notifications/index.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { createRegistries } from '../../src/lib/registries.ts';

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

async function main() {
  const database = openDatabase({ databaseUrl: process.env.DATABASE_URL as string });
  const db = database.db;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    PUSH_SERVICE_HOSTS: process.env.PUSH_SERVICE_HOSTS,
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    DATA_DIR: '/tmp',
  });
  const registries = createRegistries();
  registerNotificationsParts(registries);
  const mailer = createMailer({ db, from: config.MAIL_FROM, log: silent as never });
  const notifier = createNotifier({
    db,
    config,
    clock: systemClock,
    mailer,
    log: silent,
    registries,
    parallel: 4,
  });
  console.log('sending');
  await notifier.drain();
  console.log('drained');
  await notifier.stop();
  await database.close();
}

void main();
