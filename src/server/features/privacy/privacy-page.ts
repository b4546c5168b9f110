import { LANGUAGES, type LanguageCode } from '#shared/languages.ts';
import { noticeTitle, renderNoticeMarkdown } from './notice-markdown.ts';
import { NOTICE_WORDS } from './notice-words.ts';
import type { PrivacyNotice } from './privacy-notice.ts';

/**
 * GET /privacy as a page of its own, written by the server (docs/decisions/048): the notice is the operator's
 * text, read at start, so no build step can render it. The site's stylesheet, no script at all.
 */

/** No script, no frame, no form: the page's CSP allows its stylesheet and the icon only. */
export const PRIVACY_PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The built client's stylesheets, as its index.html links them (Vite names them by content hash). */
export function stylesheetsOf(indexHtml: string): string[] {
  const links = indexHtml.match(/<link\b[^>]*>/g) ?? [];
  return links
    .filter((tag) => /\brel="stylesheet"/.test(tag))
    .map((tag) => /\bhref="(\/[^"]+)"/.exec(tag)?.[1])
    .filter((href): href is string => href !== undefined);
}

export interface PrivacyPageInput {
  notice: PrivacyNotice;
  /** The language asked for; the text may be in English where the operator wrote no translation. */
  code: LanguageCode;
  brandName: string;
  stylesheets: readonly string[];
}

export function renderPrivacyPage({ notice, code, brandName, stylesheets }: PrivacyPageInput): string {
  const { markdown, language } = notice.texts[code];
  const words = NOTICE_WORDS[code];
  const brand = escapeHtml(brandName);
  const title = escapeHtml(noticeTitle(markdown) ?? NOTICE_WORDS[language].title);
  const languageLinks = LANGUAGES.map(
    (other) =>
      `<li><a class="rounded-sm px-1 py-2 underline-offset-4 hover:underline${other.code === code ? ' font-semibold text-foreground' : ' text-muted-foreground'}" href="/privacy?lang=${other.code}" hreflang="${other.code}" lang="${other.code}"${other.code === code ? ' aria-current="page"' : ''}>${escapeHtml(other.name)}</a></li>`,
  ).join('');
  const styles = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n    ');
  return `<!doctype html>
<html lang="${code}" dir="ltr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="robots" content="noindex">
    <link rel="icon" type="image/svg+xml" href="/favicon.svg">
    ${styles}
    <title>${title} · ${brand} Agency Network</title>
  </head>
  <body class="min-h-dvh bg-background font-sans text-foreground antialiased">
    <header class="border-b border-border bg-card">
      <div class="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <a class="rounded-sm py-2 text-lg font-bold tracking-tight text-foreground" href="/?lang=${code}">${brand}</a>
        <nav aria-label="${escapeHtml(words.page.languages)}">
          <ul class="flex flex-wrap gap-x-3 gap-y-1 text-sm">${languageLinks}</ul>
        </nav>
      </div>
    </header>
    <main class="mx-auto max-w-3xl px-4 py-10 break-words sm:px-6 sm:py-14">
      <article lang="${language}">
${renderNoticeMarkdown(markdown)}
      </article>
      <footer class="mt-12 flex flex-wrap items-center justify-between gap-4 border-t border-border pt-6 text-sm text-muted-foreground">
        <a class="font-medium text-primary underline underline-offset-4 hover:no-underline" href="/?lang=${code}">${escapeHtml(words.page.home.replace('{brand}', brandName))}</a>
        <span>${escapeHtml(words.page.version.replace('{version}', notice.version))}</span>
      </footer>
    </main>
  </body>
</html>
`;
}
