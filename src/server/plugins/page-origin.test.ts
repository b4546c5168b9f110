import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

/** A build as scripts/prerender.mjs leaves it: each page per language, its links naming %ORIGIN%. */
let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'rollick-client-'));
  await mkdir(path.join(clientDir, '.prerendered'), { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), '<html><head><title>%BRAND_NAME%</title></head></html>');
  for (const [name, pagePath] of [
    ['landing', '/'],
    ['adminLogin', '/admin'],
  ]) {
    for (const code of LANGUAGE_CODES) {
      const links = LANGUAGE_CODES.map(
        (other) => `<link rel="alternate" hreflang="${other}" href="%ORIGIN%${pagePath}?lang=${other}" />`,
      );
      await writeFile(
        path.join(clientDir, '.prerendered', `${name}.${code}.html`),
        `<html lang="${code}"><head><title>%BRAND_NAME% Agency Network</title>` +
          `<link rel="canonical" href="%ORIGIN%${pagePath}?lang=${code}" />${links.join('')}` +
          `<meta property="og:url" content="%ORIGIN%${pagePath}?lang=${code}" /></head>` +
          '<body><footer>© %YEAR% %BRAND_NAME%</footer></body></html>',
      );
    }
  }
});

/** Every origin the page's links name. */
function originsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:href|content)="(https?:\/\/[^/"]+)/g)].map((match) => match[1] ?? ''))];
}

function getPage(app: FastifyInstance, host: string, url = '/') {
  return app.inject({ method: 'GET', url, headers: { host, 'accept-language': 'de-DE,de;q=0.9' } });
}

describe('pages without PUBLIC_URL', () => {
  const t = setUpTestApp({ signedIn: false, lateOptions: () => ({ config: { clientDir, publicUrl: undefined } }) });

  it('answer a page already made with the same headers and body as its first answer', async () => {
    const ask = () =>
      t.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: 'localhost:3000', 'accept-language': 'fr', 'accept-encoding': 'br, gzip' },
      });
    const first = await ask();
    const again = await ask();
    for (const name of ['content-encoding', 'cache-control', 'vary', 'content-language', 'content-type']) {
      expect(again.headers[name]).toBe(first.headers[name]);
    }
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(brotliDecompressSync(first.rawPayload).toString());
    expect(brotliDecompressSync(again.rawPayload).toString()).toContain('lang="fr"');
  });

  it('name the loopback origin a first run is opened at', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const res = await getPage(t.app, host);
      expect(res.statusCode).toBe(200);
      expect(originsIn(res.body)).toEqual([`http://${host}`]);
    }
  });

  it('never name a Host that is not theirs, in any page or language', async () => {
    for (const url of ['/', '/admin', '/?lang=fr']) {
      const res = await getPage(t.app, 'evil.example', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(originsIn(res.body)).toEqual(['http://localhost:3000']);
    }
  });

  it('render one variant for fifty made-up Hosts: the same bytes, compressed or not', async () => {
    const canonical = await getPage(t.app, 'localhost:3000');
    const bodies = new Set<string>();
    const compressed = new Set<string>();
    for (let index = 0; index < 50; index++) {
      const host = `attacker-${index}.example`;
      bodies.add((await getPage(t.app, host)).body);
      const br = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { host, 'accept-language': 'de', 'accept-encoding': 'br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      compressed.add(br.rawPayload.toString('base64'));
    }
    expect([...bodies]).toEqual([canonical.body]);
    expect(compressed.size).toBe(1);
    expect(brotliDecompressSync(Buffer.from([...compressed][0] ?? '', 'base64')).toString()).toBe(canonical.body);
  });

  it('leave the health checks alone whatever Host a load balancer sends', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: '10.0.3.17' } });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('pages with ALLOWED_HOSTS', () => {
  const t = setUpTestApp({
    signedIn: false,
    lateOptions: () => ({
      config: { clientDir, publicUrl: undefined, allowedHosts: ['apply.example.com', 'apply.example.org:8443'] },
    }),
  });

  it('name each allowed Host as it came, and the first one for any other', async () => {
    expect(originsIn((await getPage(t.app, 'APPLY.example.com')).body)).toEqual(['http://apply.example.com']);
    expect(originsIn((await getPage(t.app, 'apply.example.org:8443')).body)).toEqual(['http://apply.example.org:8443']);
    expect(originsIn((await getPage(t.app, 'localhost:3000')).body)).toEqual(['http://localhost:3000']);
    expect(originsIn((await getPage(t.app, 'evil.example')).body)).toEqual(['http://apply.example.com']);
    expect(originsIn((await getPage(t.app, 'apply.example.com:9999')).body)).toEqual(['http://apply.example.com']);
  });
});

describe('pages with PUBLIC_URL', () => {
  const t = setUpTestApp({
    signedIn: false,
    lateOptions: () => ({ config: { clientDir, publicUrl: 'https://apply.example.com' } }),
  });

  it('name PUBLIC_URL whatever the Host', async () => {
    for (const host of ['evil.example', 'localhost:3000', 'apply.example.com']) {
      const res = await getPage(t.app, host);
      expect(res.body, host).not.toContain('evil.example');
      expect(originsIn(res.body), host).toEqual(['https://apply.example.com']);
    }
  });
});
