import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import { DatabaseUnavailableError, isUnavailableError } from '../lib/unavailable.ts';

function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

// Both apps are built before the tests: a fresh database can take longer than a test may on a busy machine.
const logs = { up: logCollector(), down: logCollector() };
let up: TestApp;
let down: TestApp;
beforeAll(async () => {
  const build = (log: ReturnType<typeof logCollector>) =>
    buildTestApp({ config: { logLevel: 'info' }, logStream: log.stream });
  [up, down] = await Promise.all([build(logs.up), build(logs.down)]);
});
afterAll(async () => {
  await up.close();
  await down.app.close();
});

describe('error replies', () => {
  it('carry the request id that the request’s log lines carry', async () => {
    const log = logs.up;
    const t = up;
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/creators/summary' });
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'messageKey', 'requestId']);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.lines.filter((line) => line.requestId === body.requestId).length).toBeGreaterThan(0);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.json().requestId).toEqual(expect.any(String));
    expect(unknown.json().requestId).not.toBe(body.requestId);
  });

  it('answer 503 with Retry-After and the request id when the database is down', async () => {
    const log = logs.down;
    const t = down;
    await t.database.close();
    for (const call of [
      { method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, headers: { origin: TEST_ORIGIN } },
      { method: 'GET', url: '/api/admin/auth-status', headers: { cookie: `rollick_session=${'A'.repeat(43)}` } },
    ] as const) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(503);
      expect(res.headers['retry-after'], call.url).toBe('10');
      expect(res.json(), call.url).toMatchObject({ code: 'UNAVAILABLE', requestId: expect.any(String) });
      expect(res.body).not.toMatch(/pool|embedded|closed/i);
      const lines = log.lines.filter((entry) => entry.requestId === res.json().requestId);
      expect(
        lines.map((entry) => entry.msg),
        call.url,
      ).toContain('a backing service is unavailable');
      // Not an error-level line: alerts on errors stay about bugs.
      expect(
        lines.some((entry) => Number(entry.level) >= 50),
        call.url,
      ).toBe(false);
    }
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('10');
  });
});

describe('isUnavailableError', () => {
  it('knows a lost database, a refused connection and a full disk, and nothing else', () => {
    const systemError = (code: string) => Object.assign(new Error(code), { code });
    expect(isUnavailableError(new DatabaseUnavailableError('closed'))).toBe(true);
    expect(isUnavailableError(systemError('ECONNREFUSED'))).toBe(true);
    expect(isUnavailableError(systemError('ENOSPC'))).toBe(true);
    expect(isUnavailableError(new Error('query failed', { cause: systemError('57P01') }))).toBe(true);
    expect(isUnavailableError(systemError('53100'))).toBe(true);
    expect(isUnavailableError(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
    expect(isUnavailableError(systemError('23505'))).toBe(false);
    expect(isUnavailableError(new TypeError('x is undefined'))).toBe(false);
  });
});
