import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, normalizeLanguage, parseAcceptLanguage } from '#shared/language-detect.ts';
import { FALLBACK_LANGUAGE, isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '#shared/languages.ts';
import { pageSecurityHeaders } from './security.ts';

const ORIGIN_PLACEHOLDER = '%ORIGIN%';
const YEAR_PLACEHOLDER = '%YEAR%';
/**
 * Filled and compressed pages kept for reuse: per page, language, origin and year. The origins are bounded
 * (plugins/page-origin.ts), so this holds them all in practice.
 */
const CACHE_LIMIT = 128;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The pages rendered ahead of time (scripts/prerender.mjs), by address. */
export const PRERENDERED_PAGES = { '/': 'landing', '/admin': 'adminLogin' } as const;
export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

export interface PrerenderedPages {
  /**
   * Sends at once, returning nothing, when the variant is already made: a cached page then costs no promise
   * and no turn of the event loop (a returned reply is itself awaited by Fastify). A promise otherwise.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    page: PrerenderedPath,
    origin: string,
  ): Promise<FastifyReply> | undefined;
}

/**
 * What a header's value stands for, worked out once per distinct value: browsers send few distinct
 * Accept-Language and Accept-Encoding values, so a page sent many times a second parses none of them again.
 * Only short values are kept, and the whole set is dropped when full, so made-up values cannot grow it.
 */
function rememberedByValue<T>(work: (value: string) => T): (value: string) => T {
  const LIMIT = 500;
  const LONGEST_KEPT = 200;
  const known = new Map<string, T>();
  return (value) => {
    const remembered = known.get(value);
    if (remembered !== undefined) return remembered;
    const result = work(value);
    if (value.length <= LONGEST_KEPT) {
      if (known.size >= LIMIT) known.clear();
      known.set(value, result);
    }
    return result;
  };
}

/** The first supported language among the header's, most preferred first; null for none (also for `''`). */
const acceptedLanguage = rememberedByValue((header: string): LanguageCode | null => {
  for (const tag of parseAcceptLanguage(header)) {
    const code = normalizeLanguage(tag);
    if (code) return code;
  }
  return null;
});

/**
 * The language the browser will choose (product §1: the stored choice, then the browser's languages, then the
 * page's own), worked out from what reaches the server: the language cookie the client writes beside local
 * storage, Accept-Language, and `?lang=` (the language-specific address search engines and shared links use).
 * The same choice as `detectLanguage` over those three, each source read only when the ones before it chose none.
 */
export function pageLanguage(request: FastifyRequest): LanguageCode {
  const stored = request.cookies?.[LANGUAGE_COOKIE];
  // The client writes a bare code; anything else goes through the same checks as before.
  const fromCookie = isLanguageCode(stored) ? stored : normalizeLanguage(stored);
  if (fromCookie) return fromCookie;
  const header = request.headers['accept-language'];
  const fromBrowser = header ? acceptedLanguage(header) : null;
  if (fromBrowser) return fromBrowser;
  const query = request.query as { lang?: unknown } | undefined;
  return normalizeLanguage(typeof query?.lang === 'string' ? query.lang : undefined) ?? FALLBACK_LANGUAGE;
}

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];
type Header = readonly [name: string, value: string];

const preferredEncoding = rememberedByValue((header: string): Encoding => {
  const accepted = header.toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
});

/**
 * The year a page's footer names, kept until the clock leaves it (by date, not by a timer, so a moved clock
 * shows at once): reading the local year from a new Date on every request is work the page need not redo.
 */
function yearKeeper(): () => number {
  let year = 0;
  let startsAt = 0;
  let endsAt = 0;
  return () => {
    const now = Date.now();
    if (now < startsAt || now >= endsAt) {
      year = new Date(now).getFullYear();
      startsAt = new Date(year, 0, 1).getTime();
      endsAt = new Date(year + 1, 0, 1).getTime();
    }
    return year;
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The pages rendered ahead of time in each language (scripts/prerender.mjs), served in the visitor's language
 * with the brand, the year and the site's origin filled in. Null when the build has none (tests without a
 * build, `npm run dev`): the SPA then renders those pages itself.
 */
export function loadPrerenderedPages(clientDir: string, fillBrand: (html: string) => string): PrerenderedPages | null {
  const names = Object.values(PRERENDERED_PAGES);
  const file = (name: string, code: LanguageCode) => path.join(clientDir, '.prerendered', `${name}.${code}.html`);
  if (!names.every((name) => LANGUAGE_CODES.every((code) => existsSync(file(name, code))))) return null;
  const templates = new Map<string, string>(
    names.flatMap((name) =>
      LANGUAGE_CODES.map((code) => [`${name} ${code}`, fillBrand(readFileSync(file(name, code), 'utf8'))] as const),
    ),
  );
  const cache = new Map<string, Promise<Record<Encoding, Buffer>>>();
  /** The variants already made, by the same keys: sent without waiting on their promise. */
  const made = new Map<string, Record<Encoding, Buffer>>();

  /** Compresses on the thread pool, never on the event loop; requests for a variant being made wait for it. */
  const compress = async (html: Buffer): Promise<Record<Encoding, Buffer>> => {
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(html, { level: 9 }),
      brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    return { identity: html, gzip: gzipped, br: brotli };
  };

  const render = (name: string, code: LanguageCode, origin: string, year: number) => {
    const key = `${name} ${code} ${origin} ${year}`;
    let page = cache.get(key);
    if (!page) {
      const html = Buffer.from(
        (templates.get(`${name} ${code}`) ?? '')
          .replaceAll(ORIGIN_PLACEHOLDER, escapeHtml(origin))
          .replaceAll(YEAR_PLACEHOLDER, String(year)),
      );
      const making = compress(html);
      page = making;
      making.then(
        (bodies) => {
          // Kept only while the promise is still the cache's (not evicted meanwhile).
          if (cache.get(key) === making) made.set(key, bodies);
        },
        () => cache.delete(key),
      );
      if (cache.size >= CACHE_LIMIT) {
        const oldest = cache.keys().next().value ?? '';
        cache.delete(oldest);
        made.delete(oldest);
      }
      cache.set(key, page);
    }
    return page;
  };

  /**
   * Every header a page's reply carries, per language, encoding and scheme, made once: its own, then the
   * security headers the onSend hook would otherwise add one by one (plugins/security.ts), in the same order.
   */
  const headerSet = (code: LanguageCode, encoding: Encoding, isHttps: boolean): readonly Header[] => [
    ...(encoding === 'identity' ? [] : [['content-encoding', encoding] as const]),
    ['cache-control', 'no-store'],
    ['vary', 'Cookie, Accept-Language, Accept-Encoding'],
    ['content-language', code],
    ['content-type', 'text/html; charset=utf-8'],
    ...pageSecurityHeaders(isHttps),
  ];
  type BySchemeSets = { http: readonly Header[]; https: readonly Header[] };
  const headerSets = Object.fromEntries(
    LANGUAGE_CODES.map((code) => [
      code,
      Object.fromEntries(
        ENCODINGS.map((encoding) => [
          encoding,
          { http: headerSet(code, encoding, false), https: headerSet(code, encoding, true) },
        ]),
      ),
    ]),
  ) as unknown as Record<LanguageCode, Record<Encoding, BySchemeSets>>;
  const currentYear = yearKeeper();

  const answer = (
    reply: FastifyReply,
    headers: readonly Header[],
    encoding: Encoding,
    bodies: Record<Encoding, Buffer>,
  ) => {
    for (const [name, value] of headers) reply.header(name, value);
    reply.hasSecurityHeaders = true;
    return reply.status(200).send(bodies[encoding]);
  };

  return {
    send(request, reply, page, origin) {
      const code = pageLanguage(request);
      const acceptEncoding = request.headers['accept-encoding'];
      const encoding = acceptEncoding ? preferredEncoding(acceptEncoding) : 'identity';
      const headers = headerSets[code][encoding][request.protocol === 'https' ? 'https' : 'http'];
      const name = PRERENDERED_PAGES[page];
      const year = currentYear();
      const ready = made.get(`${name} ${code} ${origin} ${year}`);
      if (ready) {
        answer(reply, headers, encoding, ready);
        return undefined;
      }
      return render(name, code, origin, year).then((bodies) => answer(reply, headers, encoding, bodies));
    },
  };
}
