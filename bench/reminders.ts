import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { analyseRounds, parseOpenfootballSeason, roundDeadline } from '@lastman/game';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { sqlRows } from '../apps/server/src/db/sql-rows.ts';
import { importSeason } from '../apps/server/src/domains/game/football/importer.ts';
import { GAME_NOTIFICATION_KINDS, runReminderPass } from '../apps/server/src/domains/game/index.ts';
import { createNotifier } from '../apps/server/src/domains/notifications/index.ts';
import { vapidHeadersFor } from '../apps/server/src/domains/notifications/push.ts';
import { encryptPushPayload } from '../apps/server/src/domains/notifications/push-wire.ts';
import { createTestClock } from '../apps/server/src/lib/clock.ts';
import { createMailer } from '../apps/server/src/lib/mailer.ts';
import { createRegistries } from '../apps/server/src/lib/registries.ts';
import { type PushService, startPushService } from '../apps/server/test/support/push-service.ts';
import { benchDatabase } from './pg-bench-db.ts';
import { type Benchmark, type Figure, formatFigures, median } from './timing.ts';

const SEASON = new URL('../apps/server/seed/football/premier-league-2024-25.json', import.meta.url);
/** 10,000 always, first; BENCH_REMINDER_ENTRIES adds other sizes (100000, or a list: 100000,50000). */
const SIZES = [
  10_000,
  ...(process.env.BENCH_REMINDER_ENTRIES ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0 && n !== 10_000),
];
const CLUBS = 500;
/** BENCH_REMINDER_PROCESSES=2 adds the run with two server processes sharing the queue. */
const TWO_PROCESSES = process.env.BENCH_REMINDER_PROCESSES === '2';
/** Messages in flight at once: the sender's default, and the bare sender's. */
const PARALLEL = 64;

/** Errors are printed (a failure the figures hide would make them lie); the rest is not. */
const quiet = {
  error: (obj: unknown, msg?: string) => console.error(`  error: ${msg ?? ''}`, obj),
  warn: () => {},
  info: () => {},
  debug: () => {},
};

interface World {
  db: Db;
  url: string;
  push: PushService;
  deadline: number;
  competitions: string[];
  drop: () => Promise<void>;
}

/**
 * `entries` entries spread over 500 clubs, each club with one competition on the same season, none
 * picked, each player with push on one browser and reminders by push and in the app (email off, so
 * the figure is the push path).
 */
async function buildWorld(entries: number): Promise<World> {
  const push = await startPushService({ decrypt: 'sample' });
  const { database, url, drop } = await benchDatabase(`reminders_${entries}`);
  const db = database.db;
  const season = parseOpenfootballSeason(JSON.parse(readFileSync(SEASON, 'utf8')));
  const { seasonId } = await importSeason(db, {
    key: 'bench-2024-25',
    name: season.name,
    source: 'openfootball',
    season,
  });
  const r1 = analyseRounds(season.fixtures)[0];
  const deadline = r1 ? roundDeadline(r1, 60) : null;
  if (deadline === null) throw new Error('no round 1 deadline');
  await db.execute(sql`INSERT INTO clubs (id, slug, name, join_code)
    SELECT 'c-' || g, 'bench-' || g, 'Bench ' || g, 'B' || lpad(g::text, 5, '0') FROM generate_series(1, ${CLUBS}) g`);
  await db.execute(sql`INSERT INTO competitions (id, club_id, season_id, name, status, prize_model, start_round, rules)
    SELECT 'k-' || g, 'c-' || g, ${seasonId}, 'Bench Cup ' || g, 'open', 'free', 1,
      '{"draw":"eliminate","reuse":"never","missedPick":"eliminate","postponed":"survive","allOut":"rollover"}'
    FROM generate_series(1, ${CLUBS}) g`);
  // Player g belongs to club (g mod 500) + 1.
  const clubOf = sql`'c-' || (g % ${CLUBS} + 1)`;
  await db.execute(sql`INSERT INTO "user" (id, name, email, club_id)
    SELECT 'u-' || g, 'Player ' || g, 'p' || g || '@bench.test', ${clubOf} FROM generate_series(1, ${entries}) g`);
  await db.execute(sql`INSERT INTO memberships (id, club_id, user_id, role)
    SELECT 'm-' || g, ${clubOf}, 'u-' || g, 'player' FROM generate_series(1, ${entries}) g`);
  await db.execute(sql`INSERT INTO entries (id, club_id, competition_id, user_id, status)
    SELECT gen_random_uuid()::text, ${clubOf}, 'k-' || (g % ${CLUBS} + 1), 'u-' || g, 'active'
    FROM generate_series(1, ${entries}) g`);
  await db.execute(sql`INSERT INTO notification_preferences (user_id, club_id, channels)
    SELECT 'u-' || g, ${clubOf}, '{"reminders":{"push":true,"email":false,"inApp":true}}'::jsonb
    FROM generate_series(1, ${entries}) g`);
  for (let i = 0; i < entries; i += 5000) {
    const rows = Array.from({ length: Math.min(5000, entries - i) }, (_, j) => {
      const g = i + j + 1;
      const s = push.subscribe();
      return { g, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
    });
    await db.execute(sql`INSERT INTO push_devices (id, club_id, user_id, device_id, platform, endpoint, p256dh, auth)
      SELECT 'd-' || r.g, 'c-' || (r.g % ${CLUBS} + 1), 'u-' || r.g, 'dev-' || r.g, 'web', r.endpoint, r.p256dh, r.auth
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(g int, endpoint text, p256dh text, auth text)`);
  }
  await db.execute(sql`VACUUM ANALYZE`);
  // Building the world wrote hundreds of megabytes of WAL: the checkpoint it would start, and the
  // full-page writes after it, would land in whichever figure was being measured then.
  await db.execute(sql`CHECKPOINT`);
  const competitions = Array.from({ length: CLUBS }, (_, i) => `k-${i + 1}`);
  return { db, url, push, deadline, competitions, drop };
}

/**
 * The baseline of deciding: the bare SQL selecting the entries every club's reminder is owed to, in
 * one statement (the active entries of the due competitions with no pick for the round).
 */
function selectEntriesWithoutPick(db: Db, competitions: string[], round: number) {
  return sqlRows<{ entry_id: string; user_id: string }>(
    db,
    sql`SELECT e.id AS entry_id, e.user_id FROM entries e
        WHERE e.competition_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(competitions)}::jsonb))
          AND e.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM picks p WHERE p.entry_id = e.id AND p.round = ${round})`,
  );
}

/**
 * The baseline of sending: the same number of pushes, encrypted and VAPID-signed beforehand, POSTed to
 * the same push service by a plain keep-alive HTTPS client with the same number in flight. No database.
 */
async function bareSender(push: PushService, headers: Record<string, string>, count: number) {
  const bodies = Array.from({ length: count }, () => {
    const s = push.subscribe();
    const payload = Buffer.from(
      JSON.stringify({
        id: crypto.randomUUID(),
        kind: 'reminders',
        title: 'Pick',
        body: 'x'.repeat(90),
        link: '/x',
      }),
    );
    return { url: new URL(s.endpoint), body: encryptPushPayload(s.keys.p256dh, s.keys.auth, payload) };
  });
  const agent = new https.Agent({ keepAlive: true, maxSockets: PARALLEL });
  const post = ({ url, body }: { url: URL; body: Buffer }) =>
    new Promise<number>((resolve, reject) => {
      const req = https.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            ...headers,
            ttl: '1800',
            urgency: 'high',
            'content-type': 'application/octet-stream',
            'content-encoding': 'aes128gcm',
            'content-length': String(body.length),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const before = push.received.length;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < bodies.length) {
        const item = bodies[next++];
        if (item && (await post(item)) !== 201) throw new Error('bare sender: not accepted');
      }
    }),
  );
  const ms = performance.now() - started;
  agent.destroy();
  if (push.received.length - before !== count) throw new Error('bare sender: pushes missing');
  return ms;
}

function serverConfig(push: PushService) {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    PUSH_SERVICE_HOSTS: push.host,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: '/tmp',
  });
}

async function checkAllSent(world: World, entries: number, receivedBefore: number) {
  const got = world.push.received.length - receivedBefore;
  if (got !== entries || world.push.errors.length > 0) {
    throw new Error(
      `push service accepted ${got} of ${entries}: ${world.push.errors.slice(0, 3).join('; ')}`,
    );
  }
  const [left] = await sqlRows<{ n: number }>(
    world.db,
    sql`SELECT count(*)::int AS n FROM notifications WHERE push_status <> 'sent' OR email_status <> 'sent'`,
  );
  if ((left?.n ?? 0) > 0) throw new Error(`${left?.n} deliveries not sent`);
}

/**
 * CPU time (ms) so far of the PostgreSQL backends connected to the bench's database, summed, read
 * from /proc (the database on this machine); null where it cannot be read. On a shared machine the
 * wall-clock ratio moves with the load; what the database spends on each does not much.
 */
async function backendCpuMs(db: Db): Promise<number | null> {
  const rows = await sqlRows<{ pid: number }>(
    db,
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
  );
  try {
    let ns = 0;
    for (const { pid } of rows) ns += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return null;
  }
}

/** The median of the backends' CPU over `runs` runs of `task` (each after `before`, not counted). */
async function medianCpuMs(
  db: Db,
  runs: number,
  task: () => Promise<unknown>,
  before: () => Promise<unknown> = async () => {},
): Promise<number | null> {
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before();
    const a = await backendCpuMs(db);
    await task();
    const b = await backendCpuMs(db);
    if (a === null || b === null) return null;
    all.push(b - a);
  }
  return median(all);
}

/** Forgets a run's reminders (their deliveries are their rows), so the next run decides and sends them all again. */
async function resetReminders(db: Db) {
  await db.execute(sql`DELETE FROM notifications`);
  await db.execute(sql`VACUUM ANALYZE notifications`);
}

/** A second server process on the same database, deciding and sending when told (bench/reminders-process.ts). */
function secondProcess(world: World, at: Date) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./reminders-process.ts', import.meta.url).pathname],
    {
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: world.push.certFile,
        BENCH_DATABASE: world.url,
        BENCH_PUSH_HOST: world.push.host,
        BENCH_AT: at.toISOString(),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  const lines: ((line: string) => void)[] = [];
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    let i = out.indexOf('\n');
    while (i >= 0) {
      const line = out.slice(0, i);
      out = out.slice(i + 1);
      for (const l of lines) l(line);
      i = out.indexOf('\n');
    }
  });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`second process exited (${code})`)));
      lines.push((line) => {
        if (line.startsWith(prefix)) resolve(line.slice(prefix.length));
      });
    });
  return {
    ready: next('ready'),
    go() {
      const done = next('done');
      child.stdin.write('go\n');
      return done;
    },
    close: () => child.kill(),
  };
}

async function runSize(entries: number): Promise<Figure[]> {
  const world = await buildWorld(entries);
  const { db, push } = world;
  try {
    const config = serverConfig(push);
    const at = new Date(world.deadline - 2 * 3_600_000 + 60_000);
    const clock = createTestClock(at);
    // No app is built here: the pick reminders' kind is registered as the game's plugin does.
    const registries = createRegistries();
    for (const kind of GAME_NOTIFICATION_KINDS) registries.notificationKinds.register(kind.kind, kind);
    // Deciding alone against the bare SQL, taken in turns so that both meet the machine in the same
    // state: each pass from tables emptied beforehand (not timed), before any sender exists to take
    // what it queues, and each pair after a pause in which the database finishes writing out the last
    // pass. The median of 7 of each, after one more.
    const decideTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < 8; i++) {
      await resetReminders(db);
      await new Promise((settled) => setTimeout(settled, 200));
      const t0 = performance.now();
      await selectEntriesWithoutPick(db, world.competitions, 1);
      const t1 = performance.now();
      const pass = await runReminderPass({ db, clock, registries });
      const t2 = performance.now();
      if (pass.sent !== entries) throw new Error(`expected ${entries} reminders, decided ${pass.sent}`);
      if (i > 0) {
        bareTimes.push(t1 - t0);
        decideTimes.push(t2 - t1);
      }
    }
    const bareMs = median(bareTimes);
    const decidedMs = median(decideTimes);
    // What the database spent on each (its backends' CPU), the median of 5 more of each.
    const bareCpu = await medianCpuMs(db, 5, () => selectEntriesWithoutPick(db, world.competitions, 1));
    const passCpu = await medianCpuMs(
      db,
      5,
      () => runReminderPass({ db, clock, registries }),
      () => resetReminders(db),
    );
    if (bareCpu !== null && passCpu !== null) {
      console.log(
        `  (database CPU: bare SQL ${bareCpu.toFixed(1)} ms, deciding ${passCpu.toFixed(1)} ms, ${(passCpu / bareCpu).toFixed(2)}x)`,
      );
    }
    await resetReminders(db);
    const mailer = createMailer({ db, from: config.MAIL_FROM, log: quiet as never });
    const notifier = createNotifier({
      db,
      config,
      clock,
      mailer,
      log: quiet,
      registries,
      parallel: PARALLEL,
    });
    const keys = await notifier.vapidKeys(); // made once at start, as a server does

    const bareSendMs = await bareSender(push, vapidHeadersFor(keys, push.origin), entries);

    let received = push.received.length;
    const started = performance.now();
    const pass = await runReminderPass({ db, clock, registries });
    await notifier.drain();
    const serverMs = performance.now() - started;
    if (pass.sent !== entries) throw new Error(`expected ${entries} reminders, decided ${pass.sent}`);
    await checkAllSent(world, entries, received);
    const sample = push.received.slice(received).find((r) => r.payload.title);
    console.log(
      `  (${entries.toLocaleString('en-GB')} entries over ${CLUBS} clubs; ${entries.toLocaleString('en-GB')} pushes accepted; a decrypted one: "${sample?.payload.title}")`,
    );
    const figures: Figure[] = [
      { label: 'bare SQL selecting the entries', ms: bareMs },
      {
        label: 'server: deciding (pass, in-app + queue)',
        ms: decidedMs,
        against: 'bare SQL selecting the entries',
      },
      { label: 'bare sender', ms: bareSendMs },
      { label: 'server: deciding and sending every push', ms: serverMs, against: 'bare sender' },
      { label: 'bare sender: pushes per second', ms: (entries / bareSendMs) * 1000, unit: 'per s' },
      { label: 'server: pushes per second', ms: (entries / serverMs) * 1000, unit: 'per s' },
    ];
    await notifier.stop();

    if (TWO_PROCESSES) {
      await resetReminders(db);
      const second = secondProcess(world, at);
      try {
        await second.ready;
        const clock2 = createTestClock(at);
        const notifier2 = createNotifier({
          db,
          config,
          clock: clock2,
          mailer,
          log: quiet,
          registries,
          parallel: PARALLEL,
        });
        await notifier2.vapidKeys();
        received = push.received.length;
        const t0 = performance.now();
        const theirs = second.go();
        const ours = await runReminderPass({ db, clock: clock2, registries });
        await notifier2.drain();
        const other = JSON.parse(await theirs) as { sent: number; pushes: number };
        const twoMs = performance.now() - t0;
        await notifier2.stop();
        if (ours.sent + other.sent !== entries) {
          throw new Error(`two processes decided ${ours.sent} + ${other.sent} of ${entries}`);
        }
        await checkAllSent(world, entries, received);
        const ids = push.received.slice(received).map((r) => r.subscription);
        if (new Set(ids).size !== entries) throw new Error('two processes: a push went twice');
        console.log(
          `  (two processes: this one decided ${ours.sent.toLocaleString('en-GB')}, the other ${other.sent.toLocaleString('en-GB')}; the other sent ${other.pushes.toLocaleString('en-GB')} of the pushes)`,
        );
        figures.push(
          { label: 'two processes: deciding and sending every push', ms: twoMs, against: 'bare sender' },
          { label: 'two processes: pushes per second', ms: (entries / twoMs) * 1000, unit: 'per s' },
        );
      } finally {
        second.close();
      }
    }
    return figures;
  } finally {
    await world.drop();
    await push.close();
  }
}

/**
 * Every club's 2-hour pick reminders at once: 10,000 entries over 500 clubs (and more sizes and a
 * second process when asked), none picked, each player with push on one browser. The server's
 * reminder pass (finds the due round of every competition, claims each entry's reminder by writing
 * its notification under an id made of the entry, round and reminder, writes the notifications and deliveries by preference and quiet hours) against the bare
 * SQL selecting those entries; and with its sending path (VAPID-signed, RFC 8291-encrypted Web Push to
 * a local TLS push service, until every one is accepted) against a bare sender POSTing as many
 * ready-made pushes, in the same run.
 */
export const remindersBenchmark: Benchmark = {
  name: 'reminders',
  description: `deciding and sending every club's 2-hour reminders (${SIZES.map((n) => n.toLocaleString('en-GB')).join(', ')} entries over ${CLUBS} clubs${TWO_PROCESSES ? ', one and two server processes' : ''}) to a local push service, vs the bare SQL selecting the entries and a bare sender`,
  async run(): Promise<Figure[]> {
    let last: Figure[] = [];
    for (const [i, entries] of SIZES.entries()) {
      if (i > 0) {
        console.log(formatFigures(last));
        console.log(`  at ${entries.toLocaleString('en-GB')} entries:`);
      }
      last = await runSize(entries);
    }
    return last;
  },
};
