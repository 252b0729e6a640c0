import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError } from '../config.ts';

/**
 * Where the rate limits keep their counts: in this process's memory, or in Redis so that every
 * server process behind one address shares them (REDIS_URL). Windows and expiries run on real time.
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
  /** The Redis connection, for @fastify/rate-limit's own store; null in memory. */
  readonly redis: Redis | null;
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

export async function openLimitStore(opts: {
  redisUrl: string | undefined;
  keyPrefix: string;
  log: FastifyBaseLogger;
}): Promise<LimitStore> {
  return opts.redisUrl ? redisStore(opts.redisUrl, opts.keyPrefix, opts.log) : memoryStore();
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
    redis: null,
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

async function redisStore(url: string, prefix: string, log: FastifyBaseLogger): Promise<LimitStore> {
  // One retry per command: when Redis is away a request is let through (see rate-limits.ts), not held.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', (err) => log.warn({ err }, 'redis: connection problem'));
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL: could not connect to Redis (${(err as Error).message})`,
    );
  }
  const k = (key: string) => `${prefix}limit:${key}`;
  return {
    redis,
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, k(key), windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    async unhit(key) {
      await redis.eval(UNHIT_SCRIPT, 1, k(key));
    },
    async attempt(key, nowMs, keepMs, delay) {
      const args = [nowMs, keepMs, delay.free, delay.firstMs, delay.maxMs];
      const left = (await redis.eval(ATTEMPT_SCRIPT, 1, k(key), ...args)) as number;
      return { waitMs: Math.max(0, Number(left)) };
    },
    async forget(key) {
      await redis.del(k(key));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
