import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import { createDatabaseRateLimiter, deleteExpiredRateLimits } from './database-rate-limiter.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { createRedisRateLimiter, redisVersionProblem } from './redis-rate-limiter.ts';

const rule = { limit: 3, windowMs: 60_000 };

/** `make` is called twice: two limiters over one store stand for two instances of the app. */
function sharedBehaviour(name: string, make: () => RateLimiter, isShared = true) {
  describe(name, () => {
    let limiter: RateLimiter;
    let other: RateLimiter;
    beforeAll(() => {
      limiter = make();
      other = isShared ? make() : limiter;
    });
    afterAll(async () => {
      await limiter.close();
      if (other !== limiter) await other.close();
    });

    it('allows up to the limit, then refuses with a retry time', async () => {
      const bucket = `test:${randomUUID()}`;
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit(bucket, rule));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results[3]?.count).toBe(4);
      expect(results[3]?.retryAfterMs).toBeGreaterThan(0);
      expect(results[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('keeps buckets apart and peeks without counting', async () => {
      const a = `test:${randomUUID()}`;
      const b = `test:${randomUUID()}`;
      await limiter.hit(a, rule);
      expect((await limiter.peek(a, rule)).count).toBe(1);
      expect((await limiter.peek(a, rule)).count).toBe(1);
      expect((await limiter.peek(b, rule)).count).toBe(0);
    });

    it('forgets a bucket on reset', async () => {
      const bucket = `test:${randomUUID()}`;
      for (let i = 0; i < 4; i++) await limiter.hit(bucket, rule);
      await limiter.reset(bucket);
      expect((await limiter.hit(bucket, rule)).allowed).toBe(true);
    });

    it('counts the hits of every instance together, also when they arrive at once', async () => {
      const bucket = `test:${randomUUID()}`;
      const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? other : limiter).hit(bucket, rule)));

      expect(results.map((r) => r.count).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(results.filter((r) => r.allowed)).toHaveLength(3);
      expect((await other.peek(bucket, rule)).allowed).toBe(false);
    });

    it('passes its start-up check', async () => {
      await expect(limiter.verify()).resolves.toBeUndefined();
    });
  });
}

sharedBehaviour('memory rate limiter', () => createMemoryRateLimiter(), false);

describe('memory rate limiter windows', () => {
  it('opens a new window once the old one has passed', async () => {
    let clock = 1_000_000;
    const limiter = createMemoryRateLimiter(() => clock);
    for (let i = 0; i < 4; i++) await limiter.hit('k', rule);
    expect((await limiter.peek('k', rule)).allowed).toBe(false);
    clock += 60_001;
    expect((await limiter.hit('k', rule)).count).toBe(1);
  });
});

describe('database rate limiter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  sharedBehaviour('on the test database', () => createDatabaseRateLimiter(database.db));

  const expire = (bucket: string) =>
    database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where bucket = ${bucket}`);

  it('opens a new window once the old one has passed, by the database clock', async () => {
    const limiter = createDatabaseRateLimiter(database.db);
    for (let i = 0; i < 4; i++) await limiter.hit('window', rule);
    expect((await limiter.peek('window', rule)).allowed).toBe(false);

    await expire('window');

    expect((await limiter.peek('window', rule)).count).toBe(0);
    const restarted = await limiter.hit('window', rule);
    expect(restarted.count).toBe(1);
    expect(restarted.retryAfterMs).toBeGreaterThan(59_000);
  });

  it('lets maintenance remove only the windows that have passed', async () => {
    const limiter = createDatabaseRateLimiter(database.db);
    await limiter.hit('passed', rule);
    await limiter.hit('current', rule);
    await expire('passed');

    expect(await deleteExpiredRateLimits(database.db)).toBe(1);

    expect((await limiter.peek('current', rule)).count).toBe(1);
  });
});

describe('redisVersionProblem', () => {
  it('accepts Redis 7 and newer and names the version it refuses', () => {
    expect(redisVersionProblem('# Server\r\nredis_version:7.0.15\r\nredis_mode:standalone\r\n')).toBeNull();
    expect(redisVersionProblem('redis_version:8.2.1\r\n')).toBeNull();
    expect(redisVersionProblem('redis_version:6.2.14\r\n')).toBe(
      'REDIS_URL: Redis 6.2.14 is too old; rate-limit counters need Redis 7.0 or newer',
    );
    expect(redisVersionProblem('# Server\r\n')).toBe('REDIS_URL: the server did not report its version');
  });
});

// Redis is optional: the suite runs against it when TEST_REDIS_URL names one (CI sets it).
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) sharedBehaviour('redis rate limiter', () => createRedisRateLimiter(redisUrl));
