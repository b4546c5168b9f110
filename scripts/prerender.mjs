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
const { renderPage, PAGES, LANGUAGES, directionOf } = await import(
  pathToFileURL(path.join(SSR_OUT, 'entry-server.js')).href
);

const template = await readFile(path.join(CLIENT, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(CLIENT, '.vite', 'manifest.json'), 'utf8'));

/** The chunk holding a language's texts, so the page can have the browser fetch it beside the entry. */
function localeChunk(code) {
  const entry = manifest[`locales/${code}.json`];
  if (!entry) throw new Error(`The build manifest has no chunk for locales/${code}.json`);
  return `/${entry.file}`;
}

/**
 * What each page hydrates beyond the runtime chunk: its screen's module first, which becomes the page's script (see
 * pageScript), then what else it names for the browser to fetch at once: for the admin login the sign-in's texts.
 */
const PAGE_MODULES = {
  landing: () => ['app/routes/landing.tsx'],
  adminLogin: (code) => ['app/routes/admin/login.tsx', `locales/login/${code}.json`],
};

const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('The build manifest has no entry');
const entryScript = `<script type="module" crossorigin src="/${entry.file}"></script>`;
if (!template.includes(entryScript)) throw new Error(`index.html does not load ${entry.file} as its script`);

/**
 * The page's script is its screen's chunk, not the entry: the start-up (start.tsx) travels in the runtime chunk that
 * every chunk imports, so the entry holds nothing a page rendered ahead of time needs, and it saves a request.
 */
function pageScript(name, code) {
  const key = PAGE_MODULES[name](code)[0];
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk for ${key}`);
  return `<script type="module" crossorigin src="/${chunk.file}"></script>`;
}

/** What index.html already has the browser fetch beside its script (the runtime chunk and what it imports). */
const namedInTemplate = [...template.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
  (match) => match[1],
);

/** The chunk files of the page's modules and of everything they import statically, minus what the page names already. */
function pageChunks(name, code) {
  const [screen, ...others] = PAGE_MODULES[name](code);
  const skip = new Set([entry.file, manifest[screen].file, ...namedInTemplate]);
  const files = [];
  const pending = [...(manifest[screen].imports ?? []), ...others];
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

/**
 * The stylesheet goes into the page itself: the first paint then waits for the page alone, not for a second
 * request (the policy allows inline styles, not inline scripts).
 */
async function inlineStylesheets(html) {
  let result = html;
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(path.join(CLIENT, match[1] ?? ''), 'utf8');
    if (css.includes('</style')) throw new Error(`${match[1]} cannot be inlined`);
    result = result.replace(match[0], `<style>${css}</style>`);
  }
  return result;
}

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const styled = await inlineStylesheets(template);
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
      `<link rel="modulepreload" crossorigin href="${localeChunk(code)}" />`,
      ...pageChunks(name, code).map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`),
    ].join('\n    ');
    const html = styled
      .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${code}" dir="${directionOf(code)}">`)
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace(/<title>[^<]*<\/title>/, head)
      .replace(entryScript, pageScript(name, code))
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="true">${page.html}</div>`);
    if (!html.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"></div>');
    await writeFile(path.join(OUT, `${name}.${code}.html`), html);
  }
}
await rm(SSR_OUT, { recursive: true, force: true });
console.log(`${Object.keys(PAGES).length} pages rendered ahead of time in ${LANGUAGES.length} languages`);
