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
  /** Counts one failure and remembers when it happened (`atMs`, the app's clock); forgotten after `keepMs`. */
  recordFailure(key: string, atMs: number, keepMs: number): Promise<number>;
  failuresOf(key: string): Promise<{ failures: number; lastFailureAt: number } | null>;
  forget(key: string): Promise<void>;
  close(): Promise<void>;
  /** The Redis connection, for @fastify/rate-limit's own store; null in memory. */
  readonly redis: Redis | null;
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
  const failures = new Map<string, { failures: number; lastFailureAt: number; expiresAt: number }>();
  // Expired entries are dropped once a minute, so addresses seen once do not pile up.
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, c] of counters) if (c.resetAt <= now) counters.delete(key);
    for (const [key, f] of failures) if (f.expiresAt <= now) failures.delete(key);
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
    async recordFailure(key, atMs, keepMs) {
      const now = Date.now();
      const current = failures.get(key);
      const count = current && current.expiresAt > now ? current.failures + 1 : 1;
      failures.set(key, { failures: count, lastFailureAt: atMs, expiresAt: now + keepMs });
      return count;
    },
    async failuresOf(key) {
      const current = failures.get(key);
      if (!current || current.expiresAt <= Date.now()) return null;
      return { failures: current.failures, lastFailureAt: current.lastFailureAt };
    },
    async forget(key) {
      failures.delete(key);
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
    async recordFailure(key, atMs, keepMs) {
      const results = await redis
        .multi()
        .hincrby(k(key), 'failures', 1)
        .hset(k(key), 'at', atMs)
        .pexpire(k(key), keepMs)
        .exec();
      return Number(results?.[0]?.[1] ?? 1);
    },
    async failuresOf(key) {
      const row = await redis.hgetall(k(key));
      if (!row.failures || !row.at) return null;
      return { failures: Number(row.failures), lastFailureAt: Number(row.at) };
    },
    async forget(key) {
      await redis.del(k(key));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
