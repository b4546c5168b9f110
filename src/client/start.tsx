import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { normalizeLanguage } from '#shared/language-detect.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, preloadRoute } from './app/router.tsx';
import { applyFullStylesheet } from './lib/full-stylesheet.ts';
import { changeLanguage, detectBrowserLanguage, initI18n, takePageTexts } from './lib/i18n.ts';

// The start-up, run once by whichever module loads first: the entry (main.tsx) on most pages, the screen's own
// chunk on a page rendered ahead of time. It travels in the runtime chunk that every chunk imports (vite.config.ts),
// so such a page names its screen's chunk as its script and saves the entry's request (scripts/prerender.mjs).

// zod probes for `new Function` when it builds its first object schema, unless told not to; the
// Content-Security-Policy forbids it (no 'unsafe-eval'), so the probe is reported as a violation. Screens load
// zod in chunks of their own, and a schema module can run before the one that configures zod
// (lib/zod-resolver.ts), so the setting is made here, before any of them, on the object zod reads it from,
// without loading zod.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

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
// once hydrated, and it waits for its screen's chunk, which the page names for the browser to fetch beside the
// entry, so hydration finds the markup's components in. Every other page renders once the detected language's
// texts and its own chunks are in.
const prerendered = container.dataset.prerendered === 'true' ? normalizeLanguage(document.documentElement.lang) : null;
if (prerendered) {
  // Detected before i18n starts, which stores the language it starts in as the visitor's choice.
  const detected = detectBrowserLanguage();
  // Its texts are in the page itself, so i18n starts without a request for them; the whole stylesheet, which
  // it linked for print only, now applies everywhere.
  takePageTexts(prerendered);
  applyFullStylesheet();
  void Promise.all([initI18n(prerendered), preloadRoute(window.location.pathname)]).then(() => {
    hydrateRoot(container, app);
    if (detected !== prerendered) void changeLanguage(detected);
  });
} else {
  // The page's own chunks download beside the texts, so the first render is the page, not a loading screen.
  void Promise.all([initI18n(), preloadRoute(window.location.pathname)]).then(() => createRoot(container).render(app));
}
