import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { LanguageCode } from '#shared/languages.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { BRAND_PLACEHOLDER } from './lib/brand.ts';
import { changeLanguage, i18n, initI18n, loadNamespace } from './lib/i18n.ts';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  title: string;
  description: string;
}

/**
 * The pages rendered ahead of time: the ones visitors arrive on, so they paint before any script has run.
 * `isPublic` pages are for search engines and shared links too; the others are kept out of search results.
 */
export const PAGES = {
  landing: { path: '/', isPublic: true },
  adminLogin: { path: '/admin', isPublic: false },
} as const;
export type PageName = keyof typeof PAGES;

async function streamToString(stream: AsyncIterable<unknown>): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += String(chunk);
  return html;
}

async function headOf(page: PageName): Promise<Omit<RenderedPage, 'html'>> {
  if (page === 'landing') {
    return {
      title: i18n.t('meta.title', { brand: BRAND_PLACEHOLDER }),
      description: i18n.t('meta.description', { brand: BRAND_PLACEHOLDER }),
    };
  }
  await loadNamespace('login');
  const t = i18n.getFixedT(i18n.language, 'admin');
  return {
    title: `${t('login.title')} · ${BRAND_PLACEHOLDER} ${i18n.t('brand.agencyNetwork')}`,
    description: t('login.subtitle'),
  };
}

/**
 * A page rendered ahead of time in one language, from the same components the browser hydrates (start.tsx).
 * Code the page loads on demand is waited for, so the markup is complete. Brand and year stay placeholders
 * that the server fills in when it serves the page.
 */
export async function renderPage(page: PageName, language: LanguageCode): Promise<RenderedPage> {
  await initI18n(language);
  await changeLanguage(language);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <Router ssrPath={PAGES[page].path}>
          <AppRouter />
        </Router>
      </AppProvider>
    </StrictMode>,
  );
  return { html: await streamToString(prelude as unknown as AsyncIterable<unknown>), ...(await headOf(page)) };
}

export { directionOf } from '#shared/language-detect.ts';
export { LANGUAGES } from '#shared/languages.ts';
export { FULL_STYLESHEET_ATTRIBUTE } from './lib/full-stylesheet.ts';
export { PAGE_TEXTS_ID } from './lib/i18n.ts';
