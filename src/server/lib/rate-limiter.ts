import { Redis } from 'ioredis';

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
 * instance (DESIGN §2), in Redis when several instances must share them.
 */
export interface RateLimiter {
  /** Counts one hit and says whether it is within the rule. */
  hit(bucket: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** Reads without counting. */
  peek(bucket: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(bucket: string): Promise<void>;
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
    async close() {
      windows.clear();
    },
  };
}

const KEY_PREFIX = 'rollick:rl:';

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
    async close() {
      await redis.quit();
    },
  };
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? createRedisRateLimiter(redisUrl) : createMemoryRateLimiter();
}
