import { readFileSync } from 'node:fs';
import { analyseRounds, parseOpenfootballSeason, roundDeadline } from '@lastman/game';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { clubs } from '../apps/server/src/db/schema/index.ts';
import { sqlRows } from '../apps/server/src/db/sql-rows.ts';
import { importSeason } from '../apps/server/src/domains/game/football/importer.ts';
import { runReminderPass } from '../apps/server/src/domains/game/index.ts';
import { selectEntriesWithoutPick } from '../apps/server/src/domains/game/picks/deadline-reminders.ts';
import {
  createNotifier,
  registerNotificationsParts,
} from '../apps/server/src/domains/notifications/index.ts';
import { createTestClock } from '../apps/server/src/lib/clock.ts';
import { createMailer } from '../apps/server/src/lib/mailer.ts';
import { startPushService } from '../apps/server/test/support/push-service.ts';
import { benchDatabase } from './pg-bench-db.ts';
import { type Benchmark, type Figure, medianMs } from './timing.ts';

const SEASON = new URL('../apps/server/seed/football/premier-league-2024-25.json', import.meta.url);
const ENTRIES = Number(process.env.BENCH_REMINDER_ENTRIES ?? 10_000);

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

/**
 * The 2-hour pick reminders of one competition with 10,000 entries, none picked, each player with push
 * on one browser: the server's reminder pass (finds the due round, claims each entry's reminder under
 * its unique key, writes the notifications and deliveries by preference and quiet hours) and its
 * sending path (VAPID-signed, RFC 8291-encrypted Web Push to a local TLS push service, until every one
 * is accepted), against the bare SQL selecting those entries in the same run.
 */
export const remindersBenchmark: Benchmark = {
  name: 'reminders',
  description: `deciding and sending the 2-hour reminders for ${ENTRIES.toLocaleString('en-GB')} entries to a local push service vs the bare SQL selecting them`,
  async run(): Promise<Figure[]> {
    const push = await startPushService({ decrypt: 'sample' });
    const { database, drop } = await benchDatabase('reminders');
    try {
      const db = database.db;
      const season = parseOpenfootballSeason(JSON.parse(readFileSync(SEASON, 'utf8')));
      const [club] = await db
        .insert(clubs)
        .values({ slug: 'bench', name: 'Bench', joinCode: 'BENCH1' })
        .returning();
      if (!club) throw new Error('no club');
      const { seasonId } = await importSeason(db, {
        key: 'bench-2024-25',
        name: season.name,
        source: 'openfootball',
        season,
      });
      const r1 = analyseRounds(season.fixtures)[0];
      const deadline = r1 ? roundDeadline(r1, 60) : null;
      if (deadline === null) throw new Error('no round 1 deadline');
      const comp = 'bench-reminders';
      await db.execute(sql`INSERT INTO competitions (id, club_id, season_id, name, status, prize_model, start_round, rules)
        VALUES (${comp}, ${club.id}, ${seasonId}, 'Bench Cup', 'open', 'free', 1,
          '{"draw":"eliminate","reuse":"never","missedPick":"eliminate","postponed":"survive","allOut":"rollover"}')`);
      await db.execute(sql`INSERT INTO "user" (id, name, email, club_id)
        SELECT 'u-' || g, 'Player ' || g, 'p' || g || '@bench.test', ${club.id} FROM generate_series(1, ${ENTRIES}) g`);
      await db.execute(sql`INSERT INTO memberships (id, club_id, user_id, role)
        SELECT 'm-' || g, ${club.id}, 'u-' || g, 'player' FROM generate_series(1, ${ENTRIES}) g`);
      await db.execute(sql`INSERT INTO entries (id, club_id, competition_id, user_id, status)
        SELECT 'e-' || g, ${club.id}, ${comp}, 'u-' || g, 'active' FROM generate_series(1, ${ENTRIES}) g`);
      // Reminders by push and in the app; email off, so the figure is the push path.
      await db.execute(sql`INSERT INTO notification_preferences (user_id, club_id, channels)
        SELECT 'u-' || g, ${club.id}, '{"reminders":{"push":true,"email":false,"inApp":true}}'::jsonb
        FROM generate_series(1, ${ENTRIES}) g`);
      const subs = Array.from({ length: ENTRIES }, () => push.subscribe());
      for (let i = 0; i < ENTRIES; i += 2000) {
        const rows = subs
          .slice(i, i + 2000)
          .map(
            (s, j) =>
              sql`(${`d-${i + j}`}, ${club.id}, ${`u-${i + j + 1}`}, ${`dev-${i + j}`}, 'web', ${s.endpoint}, ${s.keys.p256dh}, ${s.keys.auth})`,
          );
        await db.execute(
          sql`INSERT INTO push_devices (id, club_id, user_id, device_id, platform, endpoint, p256dh, auth) VALUES ${sql.join(rows, sql`, `)}`,
        );
      }
      await db.execute(sql`VACUUM ANALYZE`);

      const bareMs = await medianMs(5, () =>
        selectEntriesWithoutPick(db, { clubId: club.id, competitionId: comp, round: 1 }),
      );

      const config = loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://localhost:3000',
        PUSH_SERVICE_HOSTS: push.host,
        AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
        DATA_DIR: '/tmp',
      });
      const clock = createTestClock(new Date(deadline - 2 * 3_600_000 + 60_000));
      const mailer = createMailer({ db, from: config.MAIL_FROM, log: silent as never });
      // No app is built here: the pick reminders' kind is registered as the notifications plugin does.
      registerNotificationsParts();
      const notifier = createNotifier({ db, config, clock, mailer, log: silent });
      await notifier.vapidKeys(); // made once at start, as a server does
      const started = performance.now();
      const pass = await runReminderPass({ db, clock });
      const decidedMs = performance.now() - started;
      await notifier.drain();
      const serverMs = performance.now() - started;

      if (pass.sent !== ENTRIES) throw new Error(`expected ${ENTRIES} reminders, decided ${pass.sent}`);
      if (push.received.length !== ENTRIES || push.errors.length > 0) {
        throw new Error(
          `push service accepted ${push.received.length} of ${ENTRIES}: ${push.errors.slice(0, 3).join('; ')}`,
        );
      }
      const [left] = await sqlRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM notification_deliveries WHERE status <> 'sent'`,
      );
      if ((left?.n ?? 0) > 0) throw new Error(`${left?.n} deliveries not sent`);
      const sample = push.received.find((r) => r.payload.title);
      console.log(
        `  (${ENTRIES.toLocaleString('en-GB')} pushes accepted; a decrypted one: "${sample?.payload.title}")`,
      );
      return [
        { label: 'bare SQL selecting the entries', ms: bareMs },
        {
          label: 'server: deciding (pass, in-app + queue)',
          ms: decidedMs,
          against: 'bare SQL selecting the entries',
        },
        {
          label: 'server: deciding and sending every push',
          ms: serverMs,
          against: 'bare SQL selecting the entries',
        },
      ];
    } finally {
      await drop();
      await push.close();
    }
  },
};
