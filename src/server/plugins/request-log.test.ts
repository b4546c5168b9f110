import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import { buildTestApp, signIn } from '#tests/setup/test-app.ts';

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string | null;
  status?: number;
  ms?: number;
  [field: string]: unknown;
}

function logCollector() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/** An app whose logs the test reads, with a route that fails the way a bug in a handler does. */
async function appLogging(config: Partial<Config>) {
  const log = logCollector();
  const t = await buildTestApp({
    config: { logLevel: 'info', ...config },
    logStream: log.stream,
    extend: (app) => {
      app.get('/api/broken/:step', async () => {
        throw new Error('a handler that throws');
      });
    },
  });
  return { t, log, linesOf: (requestId: string) => log.lines.filter((line) => line.requestId === requestId) };
}

let all: Awaited<ReturnType<typeof appLogging>>;
let errors: Awaited<ReturnType<typeof appLogging>>;
let off: Awaited<ReturnType<typeof appLogging>>;
beforeAll(async () => {
  [all, errors, off] = await Promise.all([
    // Behind a proxy on this machine, as nginx in front of an instance is.
    appLogging({ logRequests: 'all', trustProxy: ['127.0.0.1'] }),
    appLogging({ logRequests: 'errors' }),
    appLogging({ logRequests: 'off' }),
  ]);
});
afterAll(() => Promise.all([all.t.close(), errors.t.close(), off.t.close()]));

const NGINX_ID = '6f1c0a9e3b2d4c5e8f7a1b2c3d4e5f60';

describe('request ids', () => {
  it('come from a trusted proxy, and every reply and error body carries the one its log line has', async () => {
    const res = await all.t.app.inject({
      method: 'GET',
      url: '/api/admin/creators/summary',
      headers: { 'x-request-id': NGINX_ID },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe(NGINX_ID);
    expect(res.json().requestId).toBe(NGINX_ID);
    expect(all.linesOf(NGINX_ID)).toHaveLength(1);
  });

  it('are made here when the one sent is not short and printable', async () => {
    for (const sent of ['two words', 'x'.repeat(129), '<script>', '']) {
      const res = await all.t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id'], sent).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('are never taken from a client that is not a trusted proxy', async () => {
    const res = await errors.t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'x-request-id': NGINX_ID },
    });
    expect(res.statusCode).toBe(404);
    const made = String(res.headers['x-request-id']);
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().requestId).toBe(made);
  });

  it('name replies that succeed too', async () => {
    const res = await errors.t.app.inject({ method: 'GET', url: '/api/recruiters' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request log lines', () => {
  it('are one per request, naming the method, the route template, the status and the time, never the query', async () => {
    const admin = await signIn(all.t);
    const res = await all.t.app.inject({
      method: 'GET',
      url: '/api/admin/creators/RC-7Q4M2KX9?token=SECRET-IN-QUERY',
      headers: admin,
    });
    const lines = all.linesOf(String(res.headers['x-request-id']));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ msg: 'request', method: 'GET', route: '/api/admin/creators/:creatorId', level: 30 });
    expect(line?.status).toBe(res.statusCode);
    expect(line?.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(all.log.lines)).not.toContain('SECRET-IN-QUERY');
    expect(JSON.stringify(all.log.lines)).not.toContain('RC-7Q4M2KX9');
  });

  it('leave out health probes, whatever the setting', async () => {
    const before = all.log.lines.length;
    for (const url of ['/healthz', '/readyz']) {
      expect((await all.t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect(all.log.lines.slice(before)).toEqual([]);
  });

  it('are written for replies of 400 and above only, by default', async () => {
    const ok = await errors.t.app.inject({ method: 'GET', url: '/api/recruiters' });
    const refused = await errors.t.app.inject({ method: 'GET', url: '/api/admin/creators/summary' });
    expect(errors.linesOf(String(ok.headers['x-request-id']))).toEqual([]);
    expect(errors.linesOf(String(refused.headers['x-request-id']))).toEqual([
      expect.objectContaining({ msg: 'request', route: '/api/admin/creators/summary', status: 401 }),
    ]);
  });

  it('are not written at all when turned off', async () => {
    const before = off.log.lines.length;
    await off.t.app.inject({ method: 'GET', url: '/api/recruiters' });
    await off.t.app.inject({ method: 'GET', url: '/api/admin/creators/summary' });
    await off.t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(off.log.lines.slice(before)).toEqual([]);
  });

  it('hold the error of a request that failed on a fault here, in its one line at error level', async () => {
    for (const { t, linesOf } of [all, errors, off]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/broken/3?x=1' });
      expect(res.statusCode).toBe(500);
      const lines = linesOf(res.json().requestId);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', route: '/api/broken/:step', status: 500 });
      expect(lines[0]?.err).toMatchObject({ message: 'a handler that throws' });
    }
  });

  it('cover refusals made before any route is found', async () => {
    const res = await all.t.app.inject({ method: 'GET', url: '/api/admin/creators/%' });
    expect(res.statusCode).toBe(400);
    const id = String(res.headers['x-request-id']);
    expect(res.json().requestId).toBe(id);
    expect(all.linesOf(id)).toEqual([expect.objectContaining({ msg: 'request', status: 400 })]);
  });
});
