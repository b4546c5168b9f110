import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { normalizeLanguage } from '#shared/language-detect.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, preloadRoute } from './app/router.tsx';
import { changeLanguage, detectBrowserLanguage, initI18n } from './lib/i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// A landing page rendered ahead of time (scripts/prerender.mjs) is hydrated in the language it was rendered
// in. The server picked it the way the browser would (stored choice, then the browser's languages), so they
// nearly always agree; when they do not (a choice stored before the server could see it), the page switches
// once hydrated. Every other page renders once the detected language's texts and its own chunks are in.
const prerendered = container.dataset.prerendered === 'true' ? normalizeLanguage(document.documentElement.lang) : null;
if (prerendered) {
  // Detected before i18n starts, which stores the language it starts in as the visitor's choice.
  const detected = detectBrowserLanguage();
  void initI18n(prerendered).then(() => {
    hydrateRoot(container, app);
    if (detected !== prerendered) void changeLanguage(detected);
  });
} else {
  // The page's own chunks download beside the texts, so the first render is the page, not a loading screen.
  void Promise.all([initI18n(), preloadRoute(window.location.pathname)]).then(() => createRoot(container).render(app));
}
