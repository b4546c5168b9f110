import { Redis } from 'ioredis';
import type { Db } from '#server/db/client.ts';
import { createDatabaseRateLimiter } from './database-rate-limiter.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters keyed by bucket (e.g. `login:ip:1.2.3.4`). In process memory for one
 * instance (architecture §2); in Redis or PostgreSQL when several instances must share them.
 */
export interface RateLimiter {
  /** Counts one hit and says whether it is within the rule. */
  hit(bucket: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Reads without counting. */
  peek(bucket: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(bucket: string): Promise<void>;
  /** Start-up check that the counters' home can be used; throws saying why not. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  const current = (bucket: string) => {
    const at = now();
    // Expired windows are dropped at most once a minute, so the map cannot grow without bound.
    if (at - lastSweep > 60_000) {
      for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
      lastSweep = at;
    }
    const window = windows.get(bucket);
    return window && window.resetAt > at ? window : undefined;
  };
  const result = (count: number, resetAt: number, rule: RateLimitRule): RateLimitResult => ({
    allowed: count <= rule.limit,
    count,
    retryAfterMs: Math.max(0, resetAt - now()),
  });

  return {
    async hit(bucket, rule) {
      const window = current(bucket) ?? { count: 0, resetAt: now() + rule.windowMs };
      window.count++;
      windows.set(bucket, window);
      return result(window.count, window.resetAt, rule);
    },
    async peek(bucket, rule) {
      const window = current(bucket);
      return window ? result(window.count, window.resetAt, rule) : { allowed: true, count: 0, retryAfterMs: 0 };
    },
    async reset(bucket) {
      windows.delete(bucket);
    },
    async verify() {},
    async close() {
      windows.clear();
    },
  };
}

const KEY_PREFIX = 'rollick:rl:';

export class CounterStoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CounterStoreUnavailableError';
  }
}

/** `PEXPIRE … NX`, which keeps a window fixed from its first hit, arrived in Redis 7.0. */
export const REDIS_MIN_MAJOR = 7;

/** Reads `redis_version` from INFO's server section; a message when it is older than the app needs. */
export function redisVersionProblem(info: string): string | null {
  const version = /^redis_version:(\S+)/m.exec(info)?.[1];
  if (!version) return 'REDIS_URL: the server did not report its version';
  const major = Number.parseInt(version, 10);
  return major >= REDIS_MIN_MAJOR
    ? null
    : `REDIS_URL: Redis ${version} is too old; rate-limit counters need Redis ${REDIS_MIN_MAJOR}.0 or newer`;
}

export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const toResult = (count: number, ttl: number, rule: RateLimitRule): RateLimitResult => ({
    allowed: count <= rule.limit,
    count,
    retryAfterMs: ttl > 0 ? ttl : rule.windowMs,
  });

  return {
    async hit(bucket, rule) {
      const key = KEY_PREFIX + bucket;
      // INCR and the first PEXPIRE in one round trip; NX keeps the window fixed from its first hit.
      const replies = await redis.multi().incr(key).pexpire(key, rule.windowMs, 'NX').pttl(key).exec();
      const count = Number(replies?.[0]?.[1] ?? 0);
      const ttl = Number(replies?.[2]?.[1] ?? -1);
      return toResult(count, ttl, rule);
    },
    async peek(bucket, rule) {
      const key = KEY_PREFIX + bucket;
      const [count, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      return count === null ? { allowed: true, count: 0, retryAfterMs: 0 } : toResult(Number(count), ttl, rule);
    },
    async reset(bucket) {
      await redis.del(KEY_PREFIX + bucket);
    },
    async verify() {
      let info: string;
      try {
        info = await redis.info('server');
      } catch (error) {
        throw new CounterStoreUnavailableError(`REDIS_URL: Redis is not reachable (${(error as Error).message})`);
      }
      const problem = redisVersionProblem(info);
      if (problem) throw new CounterStoreUnavailableError(problem);
    },
    async close() {
      await redis.quit();
    },
  };
}

/**
 * Where the counters live (architecture §2): Redis when REDIS_URL is set; otherwise PostgreSQL when the app runs
 * on it, since other instances may share it; otherwise this process's memory (the embedded database
 * means one instance).
 */
export function createRateLimiter(options: { redisUrl: string | undefined; sharedDb: Db | undefined }): RateLimiter {
  if (options.redisUrl) return createRedisRateLimiter(options.redisUrl);
  return options.sharedDb ? createDatabaseRateLimiter(options.sharedDb) : createMemoryRateLimiter();
}
