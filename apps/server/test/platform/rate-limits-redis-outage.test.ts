/**
 * Redis lost while the server runs: the real server process (src/main.ts) on a redis-server of the
 * test's own, which the test pauses, kills and starts again on the same port. The limits must hold
 * throughout (counted in the process's memory while Redis is away), no request may fail or hang
 * for it, the outage is logged once and told to the club's admins, and the counts go back to
 * Redis when it returns.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../src/http/limit-rules.ts';
import { REDIS_ALERTS } from '../../src/http/limit-store.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { withDatabase } from '../global-setup.ts';
import { freePort } from '../support/free-port.ts';
import { type HttpClient, httpClient, type Json } from '../support/http-client.ts';
import { backends } from '../support/test-server.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const REDIS_SERVER = '/usr/bin/redis-server';
/** A hundredth of the real numbers: twelve API requests a minute per address or person. */
const SCALE = 0.01;
const perMinute = Math.round(LIMITS.apiPerAddress.max * SCALE);
/** Far longer than the store ever waits for Redis: a request still unanswered by then hangs. */
const HANG_MS = 15_000;
const OUTAGE_LOGGED = 'rate limits: Redis cannot be reached';
const RECOVERY_LOGGED = 'rate limits: Redis answers again';

interface LogLine {
  level: number;
  msg: string;
}

/** A redis-server of the test's own, on its own port, keeping nothing on disk. */
function startRedis(port: number, dir: string) {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited };
}

async function waitForRedis(url: string) {
  for (let tries = 0; tries < 200; tries++) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      probe.disconnect();
    }
  }
  throw new Error(`redis-server at ${url} did not answer`);
}

/** Reads Redis for a moment: the test's own look at where the counts are. */
async function inRedis<T>(url: string, read: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url);
  try {
    return await read(redis);
  } finally {
    await redis.quit();
  }
}

function startServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logLines = (): LogLine[] =>
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  return { child, exited, output: () => output, logLines };
}

async function waitForHealth(url: string, server: ReturnType<typeof startServer>, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy:\n${server.output()}`);
}

/**
 * Until `found()` holds (what the server does in the background: a log line, an alert), looking
 * every `everyMs` (seldom when each look is a request that the limits count).
 */
async function eventually<T>(
  what: string,
  found: () => Promise<T | undefined> | T | undefined,
  everyMs = 100,
): Promise<T> {
  for (let waited = 0; waited < 30_000; waited += everyMs) {
    const value = await found();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`never saw ${what}`);
}

/** The request's answer, or a failure when none comes within HANG_MS. */
async function answered<T>(request: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS / 1000} s`)), HANG_MS);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** `count` API requests from one client, one after another: their statuses. */
async function apiRequests(client: HttpClient, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await answered(client.get('/api/config'))).status);
  return statuses;
}

describe.each(backends())('Redis lost and found while the server runs, on %s', (backend) => {
  const templateUrl = inject('pgTemplateUrl');
  const dir = mkdtempSync(path.join(tmpdir(), 'lastman-redis-outage-'));
  const prefix = `outage-${randomBytes(3).toString('hex')}:`;
  const dbName = `lastman_redis_outage_${process.pid}_${randomBytes(3).toString('hex')}`;
  let redisPort: number;
  let redisUrl: string;
  let redis: ReturnType<typeof startRedis> | null = null;
  let server: ReturnType<typeof startServer> | null = null;
  let baseUrl: string;
  let admin: HttpClient;
  const client = (address: string) => httpClient(baseUrl, { localAddress: address });
  /** The count of one address's API requests in Redis (whatever the key's middle part is named). */
  const countInRedis = (address: string) =>
    inRedis(redisUrl, async (r) => {
      const keys = await r.keys(`${prefix}*api*address:${address}`);
      return keys.length === 1 && keys[0] ? r.get(keys[0]) : `${keys.length} keys`;
    });
  const logged = (text: string) => server?.logLines().filter((l) => l.msg.startsWith(text)) ?? [];
  const errorLines = () => server?.logLines().filter((l) => l.level >= 50) ?? [];
  const adminAlerts = async () => {
    const res = await answered(admin.get('/api/notifications'));
    expect(res.status).toBe(200);
    return (res.json as Json).notifications.map((n: Json) => n.title) as string[];
  };

  beforeAll(async () => {
    redisPort = await freePort();
    redisUrl = `redis://127.0.0.1:${redisPort}`;
    redis = startRedis(redisPort, dir);
    await waitForRedis(redisUrl);

    const database: Record<string, string> = { DATA_DIR: path.join(dir, 'data') };
    if (backend === 'postgres' && templateUrl) {
      const pgAdmin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
      await pgAdmin.connect();
      await pgAdmin.query(`CREATE DATABASE ${dbName} TEMPLATE ${new URL(templateUrl).pathname.slice(1)}`);
      await pgAdmin.end();
      Object.assign(database, { DATABASE_URL: withDatabase(templateUrl, dbName), SEED_DEMO: 'true' });
    }
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = startServer(port, {
      ...database,
      PUBLIC_URL: baseUrl,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_SCALE: String(SCALE),
    });
    await waitForHealth(baseUrl, server);
    admin = client('127.0.0.40');
    await admin.signIn('admin@redlion.test', DEMO_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (redis && redis.child.exitCode === null && redis.child.signalCode === null) {
      redis.child.kill('SIGKILL');
      await redis.exited;
    }
    if (backend === 'postgres' && templateUrl) {
      const pgAdmin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
      await pgAdmin.connect();
      await pgAdmin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await pgAdmin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('with Redis up, the API limit is counted in Redis', async () => {
    const one = client('127.0.0.41');
    expect(await apiRequests(one, perMinute)).toEqual(Array(perMinute).fill(200));
    expect((await one.get('/api/config')).status).toBe(429);
    expect(await countInRedis('127.0.0.41')).toBe(String(perMinute + 1));
    expect(errorLines()).toEqual([]);
  });

  it('with Redis hung, requests are answered and still limited, counted in the process; logged once, admins told', async () => {
    // Paused, Redis keeps its connections open and answers nothing: the way a request could hang.
    redis?.child.kill('SIGSTOP');
    const two = client('127.0.0.42');
    expect(await apiRequests(two, perMinute)).toEqual(Array(perMinute).fill(200));
    const refused = await answered(two.get('/api/config'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // A limit of its own route (a password reset email: one a minute per address) holds too.
    const resetter = client('127.0.0.43');
    await resetter.prime();
    const body = { email: 'outage@pub.test', redirectTo: '/reset' };
    expect((await answered(resetter.post('/api/auth/request-password-reset', body))).status).toBe(200);
    expect((await answered(resetter.post('/api/auth/request-password-reset', body))).status).toBe(429);

    await eventually('the outage logged', () => (logged(OUTAGE_LOGGED).length > 0 ? true : undefined));
    const alerts = await eventually(
      'the admins told',
      async () => {
        const titles = await adminAlerts();
        return titles.includes(REDIS_ALERTS.away.title) ? titles : undefined;
      },
      2_000,
    );
    expect(alerts.filter((t) => t === REDIS_ALERTS.away.title)).toHaveLength(1);
  }, 60_000);

  it('with Redis gone, the same: the limits hold in the process, and the outage is still one error line', async () => {
    redis?.child.kill('SIGKILL');
    await redis?.exited;
    const three = client('127.0.0.44');
    expect(await apiRequests(three, perMinute)).toEqual(Array(perMinute).fill(200));
    expect((await answered(three.get('/api/config'))).status).toBe(429);
    // The one that was refused while Redis hung is still refused: its count is in this process.
    expect((await answered(client('127.0.0.42').get('/api/config'))).status).toBe(429);
    // A few retries of Redis go by: none of them logs again, and the admins hear of it once.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(errorLines()).toHaveLength(1);
    expect(errorLines()[0]?.msg).toMatch(OUTAGE_LOGGED);
    expect((await adminAlerts()).filter((t) => t === REDIS_ALERTS.away.title)).toHaveLength(1);
    expect(logged(RECOVERY_LOGGED)).toEqual([]);
  }, 60_000);

  it('Redis back on its port: recovery logged, admins told, the counts go to Redis again', async () => {
    redis = startRedis(redisPort, dir);
    await waitForRedis(redisUrl);
    await eventually('the recovery logged', () => (logged(RECOVERY_LOGGED).length > 0 ? true : undefined));
    expect(logged(RECOVERY_LOGGED)).toHaveLength(1);
    expect(logged(RECOVERY_LOGGED)[0]?.level).toBe(30);

    const four = client('127.0.0.45');
    expect(await apiRequests(four, 3)).toEqual([200, 200, 200]);
    expect(await countInRedis('127.0.0.45')).toBe('3');
    const alerts = await eventually(
      'the admins told',
      async () => {
        const titles = await adminAlerts();
        return titles.includes(REDIS_ALERTS.back.title) ? titles : undefined;
      },
      2_000,
    );
    expect(alerts.filter((t) => t === REDIS_ALERTS.back.title)).toHaveLength(1);
    expect(alerts.filter((t) => t === REDIS_ALERTS.away.title)).toHaveLength(1);
    // Still the one error line of the outage, and nothing failed.
    expect(errorLines()).toHaveLength(1);
    expect(server?.logLines().filter((l) => /"statusCode":5\d\d/.test(JSON.stringify(l)))).toEqual([]);
  }, 60_000);
});
