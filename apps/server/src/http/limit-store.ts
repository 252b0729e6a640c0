import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError } from '../config.ts';

/**
 * Where the rate limits keep their counts: in this process's memory, or in Redis so that every
 * server process behind one address shares them (REDIS_URL). Windows and expiries run on real time.
 * With Redis, a failed or unanswered command moves the counts into this process's memory until
 * Redis answers again (see redisStore): the limits still hold, per process, and never fail a request.
 */
export interface LimitStore {
  /** Counts one hit in a fixed window that starts with the key's first hit. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes back one hit (a request that was refused, or that the limit does not count after all). */
  unhit(key: string): Promise<void>;
  /**
   * One attempt under a growing delay, decided and counted in one step so that attempts sent
   * together cannot all pass on the same count: refused while the wait after the attempts so far
   * (`delay.waitAfter`, from the last one, by the app's clock `nowMs`) has not passed; otherwise
   * counted. The count is forgotten `keepMs` after the last attempt.
   */
  attempt(key: string, nowMs: number, keepMs: number, delay: GrowingDelay): Promise<{ waitMs: number }>;
  /** Forgets a key, whether it holds hits or attempts. */
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

/** No wait before the first `free` attempts, then `firstMs`, doubling with each attempt, at most `maxMs`. */
export interface GrowingDelay {
  free: number;
  firstMs: number;
  maxMs: number;
}

export function waitAfter(attempts: number, delay: GrowingDelay): number {
  if (attempts < delay.free) return 0;
  return Math.min(delay.firstMs * 2 ** (attempts - delay.free), delay.maxMs);
}

/** The longest a request waits for Redis before its counts go to memory (a healthy Redis answers in ms). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** How often an unreachable Redis is tried again while the counts are in memory. */
export const REDIS_RETRY_EVERY_MS = 2000;

/** What the admins of every club are told (app.ts) when the limits stop being shared through Redis, and after. */
export const REDIS_ALERTS = {
  away: {
    title: 'Rate limits: Redis cannot be reached',
    body:
      'The server cannot reach Redis (REDIS_URL), where the rate limits and the sign-in delay are ' +
      'counted for every server process together. Until it answers again each process counts on its ' +
      'own, so someone spreading requests over several processes gets more tries. Whoever runs the ' +
      'servers should look at Redis. You will be told when it is back.',
  },
  back: {
    title: 'Rate limits: Redis is back',
    body:
      'The server reaches Redis again: the rate limits and the sign-in delay are counted for every ' +
      'server process together again.',
  },
} as const;

export interface LimitStoreOptions {
  redisUrl: string | undefined;
  keyPrefix: string;
  log: FastifyBaseLogger;
  /**
   * Told (with Redis only) when Redis could not be reached and the counts went to memory (false),
   * and when it answers again (true): at start too, so that an outage seen by a process that then
   * stopped is closed. Awaited by close(); a failure is logged, never thrown.
   */
  onRedisReachable?: (reachable: boolean) => Promise<void>;
}

export async function openLimitStore(opts: LimitStoreOptions): Promise<LimitStore> {
  return opts.redisUrl ? redisStore(opts.redisUrl, opts) : memoryStore();
}

function memoryStore(): LimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const attempts = new Map<string, { count: number; lastAt: number; expiresAt: number }>();
  // Expired entries are dropped once a minute, so addresses seen once do not pile up.
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, c] of counters) if (c.resetAt <= now) counters.delete(key);
    for (const [key, a] of attempts) if (a.expiresAt <= now) attempts.delete(key);
  }, 60_000);
  sweeper.unref();

  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let counter = counters.get(key);
      if (!counter || counter.resetAt <= now) {
        counter = { count: 0, resetAt: now + windowMs };
        counters.set(key, counter);
      }
      counter.count += 1;
      return { count: counter.count, resetInMs: counter.resetAt - now };
    },
    async unhit(key) {
      const counter = counters.get(key);
      if (counter && counter.resetAt > Date.now() && counter.count > 0) counter.count -= 1;
    },
    async attempt(key, nowMs, keepMs, delay) {
      const current = attempts.get(key);
      const live = current && current.expiresAt > Date.now() ? current : null;
      const count = live?.count ?? 0;
      const waitMs = live ? live.lastAt + waitAfter(count, delay) - nowMs : 0;
      if (waitMs > 0) return { waitMs };
      attempts.set(key, { count: count + 1, lastAt: nowMs, expiresAt: Date.now() + keepMs });
      return { waitMs: 0 };
    },
    async forget(key) {
      attempts.delete(key);
      counters.delete(key);
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

/** INCR with the window set on the first hit (and repaired if a key ever lost its expiry). */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** DECR that never makes a key (nor a count below zero), and keeps its expiry. */
const UNHIT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** The memory store's attempt(), in one step on Redis (waitAfter in Lua). */
const ATTEMPT_SCRIPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'at') or '0')
local now, keep, free, first, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if count >= free then
  local wait = math.min(first * 2 ^ (count - free), max)
  local left = last + wait - now
  if left > 0 then return left end
end
redis.call('HSET', KEYS[1], 'count', count + 1, 'at', now)
redis.call('PEXPIRE', KEYS[1], keep)
return 0
`;

/**
 * Counts in Redis while it answers. A command that fails or takes longer than
 * REDIS_COMMAND_TIMEOUT_MS (Redis stopped, restarted, unreachable or hung) moves every count into
 * this process's memory at once: logged once at error level, `onRedisReachable(false)` told, and
 * no request waits for Redis again until a retry (every REDIS_RETRY_EVERY_MS, a real counting
 * script on a key of its own) succeeds; then the counts go back to Redis, which is logged and told.
 * Counts made in memory stay there: back on Redis, a client starts from what Redis holds.
 */
async function redisStore(url: string, opts: LimitStoreOptions): Promise<LimitStore> {
  const { keyPrefix: prefix, log } = opts;
  const redis = new Redis(url, {
    lazyConnect: true,
    // While disconnected a command fails at once instead of queueing for the reconnection, and a
    // command sent to a Redis that does not answer fails after the timeout: no request hangs.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    // ioredis's default retryStrategy keeps reconnecting, every 2 s at most, for as long as it takes.
  });
  // Each reconnection attempt during an outage is an 'error' event: the outage is logged once below.
  redis.on('error', (err) => log.debug({ err }, 'redis: connection problem'));
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL: could not connect to Redis (${(err as Error).message})`,
    );
  }
  const k = (key: string) => `${prefix}limit:${key}`;
  const inRedis = {
    async hit(key: string, windowMs: number) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, k(key), windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    async unhit(key: string) {
      await redis.eval(UNHIT_SCRIPT, 1, k(key));
    },
    async attempt(key: string, nowMs: number, keepMs: number, delay: GrowingDelay) {
      const args = [nowMs, keepMs, delay.free, delay.firstMs, delay.maxMs];
      const left = (await redis.eval(ATTEMPT_SCRIPT, 1, k(key), ...args)) as number;
      return { waitMs: Math.max(0, Number(left)) };
    },
    async forget(key: string) {
      await redis.del(k(key));
    },
  };
  const memory = memoryStore();

  let outageSince: number | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  // Told one after another, so that an outage and its end reach the database in their order.
  let telling: Promise<void> = Promise.resolve();

  function tell(reachable: boolean) {
    const onRedisReachable = opts.onRedisReachable;
    if (!onRedisReachable) return;
    telling = telling.then(() =>
      onRedisReachable(reachable).catch((err: unknown) =>
        log.error(
          { err },
          `rate limits: the admins could not be told that Redis is ${reachable ? 'back' : 'away'}`,
        ),
      ),
    );
  }

  function unreachable(err: unknown) {
    if (outageSince !== null || closed) return;
    outageSince = Date.now();
    log.error(
      { err },
      `rate limits: Redis cannot be reached; counting in this process's memory until it answers (tried every ${REDIS_RETRY_EVERY_MS / 1000} s)`,
    );
    tell(false);
    retryLater();
  }

  function retryLater() {
    retry = setTimeout(async () => {
      retry = null;
      try {
        await redis.eval(HIT_SCRIPT, 1, k('reachable'), REDIS_RETRY_EVERY_MS);
      } catch {
        if (!closed) retryLater();
        return;
      }
      if (closed || outageSince === null) return;
      log.info(
        { outageMs: Date.now() - outageSince },
        'rate limits: Redis answers again; counting in Redis again',
      );
      outageSince = null;
      tell(true);
    }, REDIS_RETRY_EVERY_MS);
    retry.unref();
  }

  /** On Redis unless it is known to be away; a failure there moves this and later counts to memory. */
  async function counted<T>(onRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (outageSince === null) {
      try {
        return await onRedis();
      } catch (err) {
        unreachable(err);
      }
    }
    return inMemory();
  }

  tell(true);
  return {
    hit: (key, windowMs) =>
      counted(
        () => inRedis.hit(key, windowMs),
        () => memory.hit(key, windowMs),
      ),
    unhit: (key) =>
      counted(
        () => inRedis.unhit(key),
        () => memory.unhit(key),
      ),
    attempt: (key, nowMs, keepMs, delay) =>
      counted(
        () => inRedis.attempt(key, nowMs, keepMs, delay),
        () => memory.attempt(key, nowMs, keepMs, delay),
      ),
    forget: (key) =>
      counted(
        () => inRedis.forget(key),
        () => memory.forget(key),
      ),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await telling;
      await memory.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
