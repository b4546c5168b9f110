import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { pageLanguage } from '#server/plugins/prerendered-pages.ts';
import { isLanguageCode } from '#shared/languages.ts';
import type { PrivacyNotice } from './privacy-notice.ts';
import { PRIVACY_PAGE_CSP, renderPrivacyPage, stylesheetsOf } from './privacy-page.ts';

export interface PrivacyRouteOptions {
  notice: PrivacyNotice;
  brandName: string;
  /** The built client, whose stylesheet the page uses; without a build (API tests, `npm run dev`) it has none. */
  clientDir: string;
}

/**
 * GET /privacy (docs/decisions/048): the notice step 5 links to, in the visitor's language as the landing page
 * picks it (the language cookie, Accept-Language), or the one `?lang=` names, with links to the other languages.
 */
export const privacyRoutes: FastifyPluginAsync<PrivacyRouteOptions> = async (app, options) => {
  const indexPath = path.join(options.clientDir, 'index.html');
  const stylesheets = existsSync(indexPath) ? stylesheetsOf(readFileSync(indexPath, 'utf8')) : [];
  const pages = new Map<string, string>();

  app.get('/privacy', { schema: { hide: true } }, async (request, reply) => {
    // A language link on the page names its language outright; otherwise the landing page's own choice.
    const asked = (request.query as { lang?: unknown } | undefined)?.lang;
    const code = isLanguageCode(asked) ? asked : pageLanguage(request);
    let page = pages.get(code);
    if (page === undefined) {
      page = renderPrivacyPage({ notice: options.notice, code, brandName: options.brandName, stylesheets });
      pages.set(code, page);
    }
    return reply
      .header('Content-Security-Policy', PRIVACY_PAGE_CSP)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Language')
      .header('Content-Language', code)
      .type('text/html; charset=utf-8')
      .send(page);
  });
};
