import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { AppError } from './lib/app-error.ts';

const t = setUpTestApp({
  signedIn: false,
  extend: (app) => {
    app.post('/api/admin/echo', async (request) => ({ received: request.body }));
    app.get('/api/boom', async () => {
      throw new Error('secret internal detail');
    });
    app.get('/api/conflict', async () => {
      throw new AppError('INVALID_TRANSITION', 'creators.statusChanged');
    });
  },
});

describe('GET /healthz and /readyz', () => {
  it('answers liveness', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness when the database responds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok' });
  });
});

describe('error format', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('maps an AppError to its status and code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: "This creator's status has changed; reload and try again",
      code: 'INVALID_TRANSITION',
      messageKey: 'creators.statusChanged',
    });
  });

  it('hides internals of a server fault', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    expect(res.body).not.toContain('secret internal detail');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/echo',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('refuses a JSON body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/echo',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the other headers of architecture §5', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks API replies as not storable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('origin check on state-changing admin calls', () => {
  const call = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/echo', headers, payload: { a: 1 } });

  it('accepts the site origin', async () => {
    const res = await call({ origin: TEST_ORIGIN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: { a: 1 } });
  });

  it('refuses a foreign origin with 403', async () => {
    const res = await call({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
  });

  it('refuses a call with no origin information', async () => {
    expect((await call({})).statusCode).toBe(403);
  });

  it('accepts Origin: null only with Sec-Fetch-Site: same-origin', async () => {
    expect((await call({ origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await call({ origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('leaves reads alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('serving the client build', () => {
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'rollick-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<html><head><meta name="application-name" content="%BRAND_NAME%"><title>%BRAND_NAME% Agency Network</title></head></html>',
    );
    await writeFile(path.join(clientDir, 'assets', 'main-AbCdEf12.js'), 'console.log(1)');
    await writeFile(path.join(clientDir, 'assets', 'main-AbCdEf12.js.br'), brotliCompressSync('console.log(1)'));
    await writeFile(path.join(clientDir, 'assets', 'main-AbCdEf12.js.gz'), gzipSync('console.log(1)'));
    await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *');
  });
  const web = setUpTestApp({ signedIn: false, lateOptions: () => ({ config: { clientDir, brandName: 'Acme <b>' } }) });

  it('serves index.html with the configured brand, escaped, never cached', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<title>Acme &#60;b&#62; Agency Network</title>');
    expect(res.body).not.toContain('%BRAND_NAME%');
  });

  it('answers every page of the spec with the SPA', async () => {
    for (const url of ['/admin', '/admin/dashboard', '/admin/creators/stage2_sent', '/stage2/RC-ABC?token=x']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Agency Network');
    }
  });

  it('answers unknown pages with the SPA and a 404 status', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Agency Network');
  });

  it('keeps the stage-2 link out of referrers', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/stage2/RC-ABC?token=x' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/main-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await web.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends scripts only the headers that mean something for a script, so each costs fewer bytes', async () => {
    const script = await web.app.inject({ method: 'GET', url: '/assets/main-AbCdEf12.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    // Named by its content and kept for a year: never revalidated, never fetched in ranges.
    expect(script.headers.etag).toBeUndefined();
    expect(script.headers['last-modified']).toBeUndefined();
    expect(script.headers['accept-ranges']).toBeUndefined();
    const robots = await web.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers.etag).toBeDefined();
    const page = await web.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('caches the pre-compressed copies of hashed assets for a year too', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await web.app.inject({
        method: 'GET',
        url: '/assets/main-AbCdEf12.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never serves the unfilled template', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.body).not.toContain('%BRAND_NAME%');
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
