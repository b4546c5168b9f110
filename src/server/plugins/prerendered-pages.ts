import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { detectLanguage, LANGUAGE_COOKIE, parseAcceptLanguage } from '#shared/language-detect.ts';
import { LANGUAGE_CODES, type LanguageCode } from '#shared/languages.ts';

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
 * The language the browser will choose (product §1: the stored choice, then the browser's languages, then the
 * page's own), worked out from what reaches the server: the language cookie the client writes beside local
 * storage, Accept-Language, and `?lang=` (the language-specific address search engines and shared links use).
 */
export function pageLanguage(request: FastifyRequest): LanguageCode {
  const query = request.query as { lang?: unknown } | undefined;
  return detectLanguage({
    stored: request.cookies?.[LANGUAGE_COOKIE],
    browserLanguages: parseAcceptLanguage(request.headers['accept-language']),
    documentLanguage: typeof query?.lang === 'string' ? query.lang : undefined,
  });
}

type Encoding = 'br' | 'gzip' | 'identity';

function preferredEncoding(header: string | undefined): Encoding {
  const accepted = header?.toLowerCase() ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
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

  const answer = (reply: FastifyReply, code: LanguageCode, encoding: Encoding, bodies: Record<Encoding, Buffer>) => {
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply
      .status(200)
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
      .header('Content-Language', code)
      .type('text/html; charset=utf-8')
      .send(bodies[encoding]);
  };

  return {
    send(request, reply, page, origin) {
      const code = pageLanguage(request);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const name = PRERENDERED_PAGES[page];
      const year = new Date().getFullYear();
      const ready = made.get(`${name} ${code} ${origin} ${year}`);
      if (ready) {
        answer(reply, code, encoding, ready);
        return undefined;
      }
      return render(name, code, origin, year).then((bodies) => answer(reply, code, encoding, bodies));
    },
  };
}
