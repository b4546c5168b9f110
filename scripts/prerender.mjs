// Renders the pages visitors arrive on (the landing page, the admin login) ahead of time, in each language,
// from the same React components the browser then hydrates (src/client/entry-server.tsx, start.tsx), so their
// content paints without waiting for JavaScript. Runs after the client build: it reads the built index.html
// and the build manifest, and writes <page>.<language>.html to dist/client/.prerendered/ (a dot folder: never
// served as a file, only by the server's routes, which fill in brand, year and origin;
// src/server/plugins/prerendered-pages.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { criticalCss } from './critical-css.mjs';

const CLIENT = path.resolve('dist/client');
const SSR_OUT = path.resolve('dist/ssr');
const OUT = path.join(CLIENT, '.prerendered');

/** Open Graph locales (language_TERRITORY) for each interface language. */
const OG_LOCALES = { en: 'en_GB', es: 'es_ES', pt: 'pt_BR', de: 'de_DE', ru: 'ru_RU', fr: 'fr_FR' };

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

await build({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'entry-server.tsx',
    outDir: SSR_OUT,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    copyPublicDir: false,
  },
});
const { renderPage, PAGES, LANGUAGES, PAGE_TEXTS_ID, FULL_STYLESHEET_ATTRIBUTE, directionOf } = await import(
  pathToFileURL(path.join(SSR_OUT, 'entry-server.js')).href
);

const template = await readFile(path.join(CLIENT, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(CLIENT, '.vite', 'manifest.json'), 'utf8'));

/**
 * What each page hydrates beyond the runtime chunk: its screen's module, which becomes the page's script (see
 * pageScript), and the chunks it imports, which the page names for the browser to fetch at once.
 */
const PAGE_MODULES = { landing: 'app/routes/landing.tsx', adminLogin: 'app/routes/admin/login.tsx' };

/**
 * The texts each page shows before anyone interacts with it, by bundle (src/client/lib/i18n.ts): the public
 * texts, and on the admin login the admin namespace's `login` part.
 */
const PAGE_TEXTS = { landing: ['translation'], adminLogin: ['translation', 'login'] };
const LOCALES = path.resolve('src/client/locales');

/**
 * The page's texts as a data block the start-up takes (decision 059): hydration needs them, and carried in the
 * page they cost no request of their own. A data block is never run, so the policy's `script-src` does not
 * apply; `<` is escaped so no text can close the element.
 */
async function pageTexts(name, code) {
  const bundles = {};
  for (const bundle of PAGE_TEXTS[name]) {
    const file = bundle === 'translation' ? `${code}.json` : path.join(bundle, `${code}.json`);
    bundles[bundle] = JSON.parse(await readFile(path.join(LOCALES, file), 'utf8'));
  }
  const json = JSON.stringify(bundles).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_TEXTS_ID}">${json}</script>`;
}

const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('The build manifest has no entry');
const entryScript = `<script type="module" crossorigin src="/${entry.file}"></script>`;
if (!template.includes(entryScript)) throw new Error(`index.html does not load ${entry.file} as its script`);

/**
 * The page's script is its screen's chunk, not the entry: the start-up (start.tsx) travels in the runtime chunk that
 * every chunk imports, so the entry holds nothing a page rendered ahead of time needs, and it saves a request.
 */
function pageScript(name) {
  const chunk = manifest[PAGE_MODULES[name]];
  if (!chunk) throw new Error(`The build manifest has no chunk for ${PAGE_MODULES[name]}`);
  return `<script type="module" crossorigin src="/${chunk.file}"></script>`;
}

/** What index.html already has the browser fetch beside its script (the runtime chunk and what it imports). */
const namedInTemplate = [...template.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
  (match) => match[1],
);

/** The chunk files the page's screen imports, directly or not, minus what the page names already. */
function pageChunks(name) {
  const screen = PAGE_MODULES[name];
  const skip = new Set([entry.file, manifest[screen].file, ...namedInTemplate]);
  const files = [];
  const pending = [...(manifest[screen].imports ?? [])];
  while (pending.length > 0) {
    const key = pending.shift();
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk for ${key}`);
    if (skip.has(chunk.file)) continue;
    skip.add(chunk.file);
    files.push(`/${chunk.file}`);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;
const stylesheetHref = STYLESHEET_LINK.exec(template)?.[1];
if (!stylesheetHref) throw new Error('index.html links no stylesheet');
const stylesheet = await readFile(path.join(CLIENT, stylesheetHref), 'utf8');
if (stylesheet.includes('</style')) throw new Error(`${stylesheetHref} cannot be inlined`);

/**
 * The styles of the page's own markup go into the page itself (the policy allows inline styles, not inline
 * scripts), so the first paint waits for the page alone, and the page stays small enough to arrive in the
 * connection's first round trip (decision 059). The whole stylesheet follows without holding anything up: linked
 * for print, which the browser fetches at its lowest priority, and switched to every medium by the start-up
 * (start.tsx), before anything the markup does not have (a menu, a dialog, the form) can appear.
 */
function withStyles(html) {
  const critical = criticalCss(stylesheet, html);
  return html.replace(
    STYLESHEET_LINK,
    `<style>${critical}</style>\n    <link rel="stylesheet" href="${stylesheetHref}" media="print" ${FULL_STYLESHEET_ATTRIBUTE} />`,
  );
}

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
for (const [name, { path: pagePath, isPublic }] of Object.entries(PAGES)) {
  for (const { code } of LANGUAGES) {
    const page = await renderPage(name, code);
    const title = escapeHtml(page.title);
    const description = escapeHtml(page.description);
    const url = `%ORIGIN%${pagePath}?lang=${code}`;
    const head = [
      `<title>${title}</title>`,
      `<meta name="description" content="${description}" />`,
      ...(isPublic
        ? [
            `<link rel="canonical" href="${url}" />`,
            ...LANGUAGES.map(
              (other) =>
                `<link rel="alternate" hreflang="${other.code}" href="%ORIGIN%${pagePath}?lang=${other.code}" />`,
            ),
            `<link rel="alternate" hreflang="x-default" href="%ORIGIN%${pagePath}" />`,
            '<meta property="og:type" content="website" />',
            '<meta property="og:site_name" content="%BRAND_NAME%" />',
            `<meta property="og:title" content="${title}" />`,
            `<meta property="og:description" content="${description}" />`,
            `<meta property="og:url" content="${url}" />`,
            `<meta property="og:locale" content="${OG_LOCALES[code]}" />`,
            ...LANGUAGES.filter((other) => other.code !== code).map(
              (other) => `<meta property="og:locale:alternate" content="${OG_LOCALES[other.code]}" />`,
            ),
            '<meta name="twitter:card" content="summary" />',
          ]
        : // The back office has no business in search results.
          ['<meta name="robots" content="noindex, nofollow" />']),
      ...pageChunks(name).map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`),
    ].join('\n    ');
    const html = template
      .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${code}" dir="${directionOf(code)}">`)
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace(/<title>[^<]*<\/title>/, head)
      .replace(entryScript, pageScript(name))
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="true">${page.html}</div>\n    ${await pageTexts(name, code)}`,
      );
    if (!html.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"></div>');
    await writeFile(path.join(OUT, `${name}.${code}.html`), withStyles(html));
  }
}
await rm(SSR_OUT, { recursive: true, force: true });
console.log(`${Object.keys(PAGES).length} pages rendered ahead of time in ${LANGUAGES.length} languages`);
