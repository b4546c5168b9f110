import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from '#server/lib/redis-rate-limiter.ts';
import { createS3FileStore } from '#server/lib/s3-file-store.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { startTestS3 } from '#tests/setup/test-s3.ts';

function logCollector() {
  const lines: { level: number; msg: string; failing?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const readyz = (t: TestApp) => t.app.inject({ method: 'GET', url: '/readyz' });

/** A loopback port nothing listens on: taken, then let go. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('GET /readyz with a bucket', () => {
  it('names the bucket while it answers, and says it is unreachable once it does not, logging the change once', async () => {
    const s3 = await startTestS3('rollick-ready');
    const store = createS3FileStore(s3.settings);
    const log = logCollector();
    const t = await buildTestApp({ config: { s3: s3.settings, logLevel: 'info' }, store, logStream: log.stream });
    cleanups.push(async () => {
      await t.close();
      store.close();
    });

    const up = await readyz(t);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ready', database: 'ok', bucket: 'ok' });

    await s3.close();
    for (let probe = 0; probe < 3; probe++) {
      const down = await readyz(t);
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('10');
      expect(down.json()).toMatchObject({ code: 'UNAVAILABLE', messageKey: 'server.bucketUnreachable' });
    }
    expect(log.lines.filter((line) => line.msg.startsWith('not ready'))).toEqual([
      expect.objectContaining({ level: 40, failing: 'bucket' }),
    ]);
  });
});

describe('GET /readyz with Redis', () => {
  it('says Redis is unreachable when nothing answers at REDIS_URL', async () => {
    const redisUrl = `redis://127.0.0.1:${await closedPort()}`;
    const limiter = createRedisRateLimiter(redisUrl);
    const t = await buildTestApp({ config: { redisUrl }, limiter });
    cleanups.push(async () => {
      await t.close();
      // Never connected: there is nothing to say goodbye to.
      await Promise.race([limiter.close(), new Promise((resolve) => setTimeout(resolve, 500))]);
    });
    const res = await readyz(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', messageKey: 'server.redisUnreachable' });
  });

  // Redis is optional: this half runs when TEST_REDIS_URL names one (CI sets it).
  const testRedis = process.env.TEST_REDIS_URL;
  it.skipIf(!testRedis)('names Redis when it answers', async () => {
    const redisUrl = testRedis ?? '';
    const limiter = createRedisRateLimiter(redisUrl);
    const t = await buildTestApp({ config: { redisUrl }, limiter });
    cleanups.push(async () => {
      await t.close();
      await limiter.close();
    });
    const res = await readyz(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
  });
});
