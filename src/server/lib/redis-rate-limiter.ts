import { Redis } from 'ioredis';
import {
  CounterStoreUnavailableError,
  type RateLimiter,
  type RateLimitResult,
  type RateLimitRule,
} from './rate-limiter.ts';

/** Rate-limit counters in Redis (architecture §2), shared by every instance; loaded only when REDIS_URL is set. */

/** Where the Redis counters live, shared by every instance. */
const KEY_PREFIX = 'rollick:rl:';

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
  // A lost connection is retried by the client and shows where it matters: a counted request fails with 503
  // and /readyz says Redis is unreachable, logged once. Without a listener the client would also print every
  // failed reconnection to standard error, outside the logs' format.
  redis.on('error', () => {});
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
      // A client still trying to connect has nobody to say goodbye to: QUIT would wait in its offline queue and
      // fail after its retries, long after the caller moved on, so it is dropped at once instead.
      if (redis.status !== 'ready') {
        redis.disconnect();
        return;
      }
      await redis.quit();
    },
  };
}
