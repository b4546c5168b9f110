import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPage, isPrivateLinkPage } from '#shared/routes.ts';
import type { Config } from '../config.ts';
import { errorBody } from './errors.ts';
import { pageOriginOf } from './page-origin.ts';
import { loadPrerenderedPages, PRERENDERED_PAGES, type PrerenderedPath } from './prerendered-pages.ts';

/** A content-hashed build file, also as its pre-compressed copy (`.br`, `.gz`), which is what most browsers get. */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The brand, and whether step 5 asks consent (docs/decisions/048), reach the page through index.html, filled once at
 * start-up (no rebuild, no inline script).
 */
export function renderIndexHtml(template: string, settings: Pick<Config, 'brandName' | 'isConsentAsked'>): string {
  return template
    .replaceAll('%BRAND_NAME%', escapeHtml(settings.brandName))
    .replaceAll('%CONSENT%', settings.isConsentAsked ? 'on' : 'off');
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the Vite build: hashed assets cached for a year, index.html never cached, the landing page and
 * the admin login as rendered ahead of time in the visitor's language, every other page answered by the SPA (404 status for
 * paths that are no page of product §2), unknown API paths as JSON 404s. Without a build (API tests,
 * `npm run dev`) only the JSON 404s remain.
 */
export async function registerClient(app: FastifyInstance, config: Config, opts: { clientDir: string }) {
  const indexPath = path.join(opts.clientDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  const fillBrand = (html: string) => renderIndexHtml(html, config);
  const indexHtml = hasBuild ? fillBrand(readFileSync(indexPath, 'utf8')) : '';
  const prerendered = hasBuild ? loadPrerenderedPages(opts.clientDir, fillBrand) : null;
  const pageOrigin = pageOriginOf(config);

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    return reply
      .status(isKnownPage(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', isPrivateLinkPage(pathname) ? 'no-referrer' : 'strict-origin-when-cross-origin')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };

  if (hasBuild) {
    const setHeaders = (reply: { header: (name: string, value: string) => unknown }, filePath: string) => {
      reply.header(
        'Cache-Control',
        HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    };
    // The build's scripts and styles, named by their content: a browser keeps them for a year and never asks again,
    // so they go without the validators and the range header, which cost each of a phone's first requests a
    // tenth of its headers (docs/decisions/054).
    await app.register(fastifyStatic, {
      root: path.join(opts.clientDir, 'assets'),
      prefix: '/assets/',
      index: false,
      wildcard: true,
      preCompressed: true,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      allowedPath: (pathname) => !pathname.includes('/.'),
      setHeaders,
    });
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      decorateReply: false,
      // Templates still hold placeholders: they are only ever sent filled in, by the routes below.
      allowedPath: (pathname) =>
        pathname !== '/index.html' && !pathname.includes('/.') && !pathname.startsWith('/assets/'),
      setHeaders,
    });
    // The root would otherwise reach the static handler, which refuses a directory.
    for (const page of Object.keys(PRERENDERED_PAGES) as PrerenderedPath[]) {
      app.get(page, (request, reply) =>
        prerendered ? prerendered.send(request, reply, page, pageOrigin(request)) : sendIndex(request, reply),
      );
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (hasBuild && wantsPage) return sendIndex(request, reply);
    return reply.status(404).send(errorBody(request, 'NOT_FOUND', 'request.notFound'));
  });
}
