import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { LANGUAGES, type LanguageCode } from '#shared/languages.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { BRAND_PLACEHOLDER } from './lib/brand.ts';
import { changeLanguage, i18n, initI18n } from './lib/i18n.ts';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  title: string;
  description: string;
}

/**
 * The landing page (spec §1) rendered ahead of time in one language, from the same components the browser
 * hydrates (main.tsx). Brand and year stay placeholders that the server fills in when it serves the page.
 */
export async function renderLanding(language: LanguageCode): Promise<RenderedPage> {
  await initI18n(language);
  await changeLanguage(language);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <Router ssrPath="/">
          <AppRouter />
        </Router>
      </AppProvider>
    </StrictMode>,
  );
  return {
    html,
    title: i18n.t('meta.title', { brand: BRAND_PLACEHOLDER }),
    description: i18n.t('meta.description', { brand: BRAND_PLACEHOLDER }),
  };
}

export { directionOf } from '#shared/language-detect.ts';
export { LANGUAGES };
