import type { Db } from '#server/db/client.ts';
import { createDatabaseRateLimiter } from './database-rate-limiter.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';

// Kept apart from rate-limiter.ts, the interface every limiter implements: the choice imports the
// implementations and they import the interface, so the imports run one way.

/**
 * Where the counters live (architecture §2): Redis when REDIS_URL is set; otherwise PostgreSQL when the app runs
 * on it, since other instances may share it; otherwise this process's memory (the embedded database
 * means one instance).
 */
export async function createRateLimiter(options: {
  redisUrl: string | undefined;
  sharedDb: Db | undefined;
}): Promise<RateLimiter> {
  // Loaded only when configured: the Redis client weighs some 20 MB of the server's memory.
  if (options.redisUrl) return (await import('./redis-rate-limiter.ts')).createRedisRateLimiter(options.redisUrl);
  return options.sharedDb ? createDatabaseRateLimiter(options.sharedDb) : createMemoryRateLimiter();
}
