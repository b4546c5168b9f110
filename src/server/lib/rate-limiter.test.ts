import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

const rule = { limit: 3, windowMs: 60_000 };

function sharedBehaviour(name: string, make: () => RateLimiter) {
  describe(name, () => {
    const limiter = make();
    afterAll(() => limiter.close());

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
  });
}

sharedBehaviour('memory rate limiter', () => createMemoryRateLimiter());

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

// Redis is optional: the suite runs against it when TEST_REDIS_URL names one (CI sets it).
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) sharedBehaviour('redis rate limiter', () => createRedisRateLimiter(redisUrl));
