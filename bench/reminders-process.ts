// The second server process of the reminders benchmark: on the benchmark's database, it runs the
// reminder pass and sends (as a server's jobs do) when the benchmark writes "go", then prints what it did.
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { sqlRows } from '../apps/server/src/db/sql-rows.ts';
import { GAME_NOTIFICATION_KINDS, runReminderPass } from '../apps/server/src/domains/game/index.ts';
import { createNotifier } from '../apps/server/src/domains/notifications/index.ts';
import { createTestClock } from '../apps/server/src/lib/clock.ts';
import { createMailer } from '../apps/server/src/lib/mailer.ts';
import { createRegistries } from '../apps/server/src/lib/registries.ts';

/** Errors are printed (a failure the figures hide would make them lie); the rest is not. */
const quiet = {
  error: (obj: unknown, msg?: string) => console.error(`  error: ${msg ?? ''}`, obj),
  warn: () => {},
  info: () => {},
  debug: () => {},
};

async function main() {
  const url = process.env.BENCH_DATABASE as string;
  const database = openDatabase({ databaseUrl: url });
  const db = database.db;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    PUSH_SERVICE_HOSTS: process.env.BENCH_PUSH_HOST,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: '/tmp',
  });
  const clock = createTestClock(process.env.BENCH_AT as string);
  const registries = createRegistries();
  for (const kind of GAME_NOTIFICATION_KINDS) registries.notificationKinds.register(kind.kind, kind);
  const mailer = createMailer({ db, from: config.MAIL_FROM, log: quiet as never });
  const notifier = createNotifier({ db, config, clock, mailer, log: quiet, registries });
  await notifier.vapidKeys();
  await sqlRows(db, sql`SELECT 1`);
  console.log('ready');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line !== 'go') continue;
    const pass = await runReminderPass({ db, clock, registries });
    const pushes = await notifier.drain();
    console.log(`done${JSON.stringify({ sent: pass.sent, pushes })}`);
    break;
  }
  await notifier.stop();
  await database.close();
  process.exit(0);
}

void main();
