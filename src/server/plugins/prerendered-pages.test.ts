import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectLanguage, LANGUAGE_COOKIE, parseAcceptLanguage } from '#shared/language-detect.ts';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { pageLanguage } from './prerendered-pages.ts';

/** A build as scripts/prerender.mjs leaves it: each page per language, naming its language, origin and year. */
let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'rollick-client-'));
  await mkdir(path.join(clientDir, '.prerendered'), { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), '<html><head><title>%BRAND_NAME%</title></head></html>');
  for (const name of ['landing', 'adminLogin']) {
    for (const code of LANGUAGE_CODES) {
      await writeFile(
        path.join(clientDir, '.prerendered', `${name}.${code}.html`),
        `<html lang="${code}"><head><title>%BRAND_NAME% Agency Network</title>` +
          `<link rel="canonical" href="%ORIGIN%/?lang=${code}" /></head>` +
          `<body><h1>${name} ${code}</h1><footer>© %YEAR% %BRAND_NAME%</footer></body></html>`,
      );
    }
  }
});

/** What a desktop browser sends with a first visit, or with a later one once the language was chosen. */
const BROWSER = {
  host: 'localhost:3000',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
};

/** The request fields `pageLanguage` reads, as Fastify hands them over. */
function requestWith(cookie: string | undefined, acceptLanguage: string | undefined, lang?: string) {
  return {
    cookies: cookie === undefined ? {} : { _ga: 'GA1.2.1234567890.1732780800', [LANGUAGE_COOKIE]: cookie },
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    query: lang === undefined ? {} : { lang },
  } as unknown as FastifyRequest;
}

describe('the language a page is sent in', () => {
  const t = setUpTestApp({ signedIn: false, lateOptions: () => ({ config: { clientDir, publicUrl: undefined } }) });

  const languageOf = async (headers: Record<string, string>, url = '/') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers } });
    expect(res.statusCode).toBe(200);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(
      `<h1>landing ${res.headers['content-language']}</h1>`,
    );
    return res.headers['content-language'];
  };

  it('is the stored choice over the browser languages, and the browser languages once the cookie says nothing usable', async () => {
    const cookies = (lang: string) => `_ga=GA1.2.1234567890.1732780800; ${LANGUAGE_COOKIE}=${lang}; theme=dark`;
    const acceptLanguage = 'de-DE,de;q=0.9,en;q=0.8';
    expect(await languageOf({ cookie: cookies('fr'), 'accept-language': acceptLanguage })).toBe('fr');
    expect(await languageOf({ cookie: cookies('pt_BR'), 'accept-language': acceptLanguage })).toBe('pt');
    expect(await languageOf({ cookie: cookies('ja'), 'accept-language': acceptLanguage })).toBe('de');
    expect(await languageOf({ cookie: cookies('%3Cscript%3E'), 'accept-language': acceptLanguage })).toBe('de');
    expect(await languageOf({ cookie: 'theme=dark', 'accept-language': acceptLanguage })).toBe('de');
    // The same header once more, now answered from what its first request worked out.
    expect(await languageOf({ 'accept-language': acceptLanguage })).toBe('de');
    expect(await languageOf({ cookie: cookies('ru'), 'accept-language': acceptLanguage })).toBe('ru');
  });

  it('follows the q-values, skips what is refused or unsupported, then ?lang=, then English', async () => {
    expect(await languageOf({ 'accept-language': 'ru;q=0.5, es;q=0.9, fr;q=0' })).toBe('es');
    expect(await languageOf({ 'accept-language': 'ja-JP, zh;q=0.9, pt-BR;q=0.8, en;q=0.7' })).toBe('pt');
    expect(await languageOf({ 'accept-language': 'fr;q=0, *;q=0.5' }, '/?lang=ru')).toBe('ru');
    expect(await languageOf({ 'accept-language': 'ja' }, '/?lang=es')).toBe('es');
    expect(await languageOf({}, '/?lang=de')).toBe('de');
    expect(await languageOf({ 'accept-language': 'ja' })).toBe('en');
    expect(await languageOf({})).toBe('en');
  });

  it('is the choice the client makes from the same sources, for every mix of them', () => {
    const cookies = [undefined, '', 'fr', 'FR', ' es ', 'pt-BR', 'zz', 'en"><script>', 'de'.repeat(30)];
    const headers = [undefined, '', 'de-DE,de;q=0.9,en;q=0.8', 'ja, ru;q=0.2', 'es;q=0, fr;q=0.1', '*', 'pt_BR;q=0.5'];
    const langs = [undefined, 'ru', 'xx', 'EN'];
    for (let round = 0; round < 2; round++) {
      for (const cookie of cookies) {
        for (const header of headers) {
          for (const lang of langs) {
            const expected = detectLanguage({
              stored: cookie,
              browserLanguages: parseAcceptLanguage(header),
              documentLanguage: lang,
            });
            expect(pageLanguage(requestWith(cookie, header, lang)), `${cookie} | ${header} | ${lang}`).toBe(expected);
          }
        }
      }
    }
  });
});

describe('the headers a page is sent with', () => {
  const t = setUpTestApp({
    signedIn: false,
    lateOptions: () => ({ config: { clientDir, publicUrl: undefined, trustProxy: true } }),
  });

  const SECURITY = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };

  it.each([
    ['br', 'gzip, deflate, br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'gzip, deflate', (body: Buffer) => gunzipSync(body)],
    [undefined, undefined, (body: Buffer) => body],
  ])(
    'are the whole set for each variant (%s), on its first answer and its later ones, over http and https',
    async (encoding, acceptEncoding, decode) => {
      for (const scheme of ['http', 'https']) {
        for (const [url, code] of [
          ['/', 'es'],
          ['/admin', 'ru'],
        ] as const) {
          const ask = () =>
            t.app.inject({
              method: 'GET',
              url,
              headers: {
                host: 'localhost:3000',
                'x-forwarded-proto': scheme,
                cookie: `${LANGUAGE_COOKIE}=${code}`,
                ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
              },
            });
          for (const res of [await ask(), await ask()]) {
            const where = `${url} ${scheme} ${encoding}`;
            expect(res.statusCode, where).toBe(200);
            expect(res.headers, where).toMatchObject({
              ...SECURITY,
              'cache-control': 'no-store',
              vary: 'Cookie, Accept-Language, Accept-Encoding',
              'content-language': code,
              'content-type': 'text/html; charset=utf-8',
              'content-length': String(res.rawPayload.length),
            });
            expect(res.headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
            expect(res.headers['x-request-id'], where).toMatch(/^[0-9a-f-]{36}$/);
            expect(res.headers['content-encoding'], where).toBe(encoding);
            expect(res.headers['strict-transport-security'], where).toBe(
              scheme === 'https' ? 'max-age=31536000; includeSubDomains' : undefined,
            );
            expect(decode(res.rawPayload).toString(), where).toContain(`lang="${code}"`);
          }
        }
      }
    },
  );

  it('leave the other pages to the hook that adds the security headers as each reply leaves', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/dashboard',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers).toMatchObject(SECURITY);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
