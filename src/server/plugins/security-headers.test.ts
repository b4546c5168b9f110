import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_PATH } from '#shared/funnel.ts';
import { setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';

let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'rollick-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), '<html><head><title>%BRAND_NAME%</title></head></html>');
  await writeFile(path.join(clientDir, 'assets', 'main-AbCdEf12.js'), 'console.log(1)');
  await writeFile(path.join(clientDir, 'assets', 'main-AbCdEf12.css'), 'body{margin:0}');
  await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *');
});

const t = setUpTestApp({
  signedIn: false,
  lateOptions: () => ({ config: { clientDir } }),
  extend: (app) => {
    app.get('/api/boom', async () => {
      throw new Error('secret internal detail');
    });
  },
});

const json = { 'content-type': 'application/json', origin: TEST_ORIGIN };

/** Replies of every kind: pages, files, the API, and the errors the framework and its plugins answer themselves. */
const REQUESTS: [name: string, status: number, request: InjectOptions][] = [
  ['the landing page', 200, { method: 'GET', url: '/' }],
  ['a page of the SPA', 200, { method: 'GET', url: '/admin/dashboard' }],
  ['an unknown page', 404, { method: 'GET', url: '/no/such/page' }],
  ['a missing script', 404, { method: 'GET', url: '/assets/nope.js' }],
  ['a missing stylesheet', 404, { method: 'GET', url: '/assets/nope.css' }],
  ['a static file', 200, { method: 'GET', url: '/robots.txt' }],
  ['a file the static files refuse', 404, { method: 'GET', url: '/index.html' }],
  ['a hidden file', 404, { method: 'GET', url: '/.prerendered/landing.en.html' }],
  ['a static file, HEAD', 200, { method: 'HEAD', url: '/robots.txt' }],
  ['the health check', 200, { method: 'GET', url: '/healthz' }],
  ['the readiness check', 200, { method: 'GET', url: '/readyz' }],
  ['an API read', 200, { method: 'GET', url: '/api/recruiters' }],
  ['an unknown API path', 404, { method: 'GET', url: '/api/nothing-here' }],
  ['an unknown method', 404, { method: 'PATCH', url: '/api/recruiters' }],
  ['a signed-out API call', 401, { method: 'GET', url: '/api/admin/creators' }],
  ['a foreign origin', 403, { method: 'POST', url: '/api/admin/logout', headers: { origin: 'https://evil.example' } }],
  [
    'a beacon from another site',
    403,
    { method: 'POST', url: FUNNEL_PATH, headers: { 'content-type': 'text/plain', origin: 'https://evil.example' } },
  ],
  ['malformed JSON', 400, { method: 'POST', url: '/api/admin/login', headers: json, payload: '{"username":' }],
  ['an empty JSON body', 400, { method: 'POST', url: '/api/admin/login', headers: json, payload: '' }],
  [
    'a body over the limit',
    413,
    { method: 'POST', url: '/api/admin/login', headers: json, payload: `{"u":"${'x'.repeat(70_000)}"}` },
  ],
  [
    'an unsupported content type',
    415,
    { method: 'POST', url: FUNNEL_PATH, headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
  ],
  ['a bad URL encoding', 400, { method: 'GET', url: '/%' }],
  ['a bad URL encoding under the API', 400, { method: 'GET', url: '/api/recruiters/%zz' }],
  ['a server fault', 500, { method: 'GET', url: '/api/boom' }],
  ['a redirect', 303, { method: 'GET', url: '/api/docs' }],
];

describe('security headers on every reply', () => {
  it.each(REQUESTS)('%s (%i) carries them all', async (_name, status, request) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['a script', '/assets/main-AbCdEf12.js'],
    ['a stylesheet', '/assets/main-AbCdEf12.css'],
  ])('%s found gets the headers that mean something for it, and no document policies', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('keeps API replies, errors included, out of every cache', async () => {
    for (const url of ['/api/recruiters', '/api/nothing-here', '/api/recruiters/%zz', '/api/boom']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
