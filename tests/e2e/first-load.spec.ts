import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/languages.ts';

/**
 * What a page rendered ahead of time loads before anyone interacts with it, read from the production build
 * (`npm run build`): the scripts and module preloads in its HTML, the screen it hydrates, and everything
 * those import statically. Each chunk's source map names the modules inside it (docs/decisions/054).
 */
const CLIENT = path.resolve('dist/client');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const manifest = JSON.parse(readFileSync(path.join(CLIENT, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** The chunk files a page's HTML names: its entry script and module preloads. */
function namedInPage(page: string): Set<string> {
  const html = readFileSync(path.join(CLIENT, '.prerendered', `${page}.en.html`), 'utf8');
  return new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ''),
  );
}

/** The chunk files a page loads before interaction: its HTML's scripts and preloads, and its screen's module. */
function firstLoadFiles(page: string, screen: string): Set<string> {
  const pending = [...namedInPage(page)].map((file) => byFile.get(file) ?? '');
  pending.push(screen);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const key = pending.pop() ?? '';
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** The source files bundled into the given chunks, from their source maps. */
function sourcesIn(files: Set<string>): string[] {
  return [...files].flatMap((file) => {
    const map = path.join(CLIENT, `${file}.map`);
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  });
}

/** The packages bundled into the given chunks. */
function packagesIn(files: Set<string>): Set<string> {
  const packages = new Set<string>();
  for (const source of sourcesIn(files)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    if (name) packages.add(name);
  }
  return packages;
}

const SCHEMA_AND_FORM_LIBRARIES = /^(zod|react-hook-form|@hookform\/.+|@tanstack\/.+)$/;

describe('first load of the pages rendered ahead of time', () => {
  it('the admin login loads no schema, form or query library before interaction', () => {
    const files = firstLoadFiles('adminLogin', 'app/routes/admin/login.tsx');
    const packages = packagesIn(files);
    // The screen and React are there, so the graph was read, not missed.
    expect(sourcesIn(files).some((source) => source.endsWith('app/routes/admin/login.tsx'))).toBe(true);
    expect(packages).toContain('react-dom');
    expect([...packages].filter((name) => SCHEMA_AND_FORM_LIBRARIES.test(name))).toEqual([]);
  });

  it('the landing page loads no schema, form or query library before interaction', () => {
    const packages = packagesIn(firstLoadFiles('landing', 'app/routes/landing.tsx'));
    expect(packages).toContain('react-dom');
    expect([...packages].filter((name) => SCHEMA_AND_FORM_LIBRARIES.test(name))).toEqual([]);
  });

  it('the admin login names every chunk it hydrates in its page, so none waits for the entry to run', () => {
    const files = firstLoadFiles('adminLogin', 'app/routes/admin/login.tsx');
    const named = namedInPage('adminLogin');
    expect([...files].filter((file) => !file.startsWith('assets/') || !named.has(file))).toEqual([]);
  });

  it("the admin login's first load carries none of the landing page's sections, form stand-in or beacon", () => {
    const sources = sourcesIn(firstLoadFiles('adminLogin', 'app/routes/admin/login.tsx'));
    expect(sources.some((source) => source.endsWith('app/routes/admin/login.tsx'))).toBe(true);
    expect(
      sources.filter((source) =>
        /app\/routes\/landing|features\/landing\/|application-(section|form-skeleton)|funnel-beacon/.test(source),
      ),
    ).toEqual([]);
  });

  it('the pages rendered ahead of time start from their screen, without a request for the entry', () => {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    expect(entry).toBeDefined();
    for (const [page, screen] of [
      ['landing', 'app/routes/landing.tsx'],
      ['adminLogin', 'app/routes/admin/login.tsx'],
    ] as const) {
      const named = namedInPage(page);
      expect(named.has(manifest[screen]?.file ?? ''), page).toBe(true);
      expect(named.has(entry?.file ?? ''), page).toBe(false);
    }
  });

  it("the landing page's first load carries none of the admin's routes or sign-in", () => {
    const sources = sourcesIn(firstLoadFiles('landing', 'app/routes/landing.tsx'));
    expect(sources.some((source) => source.endsWith('app/routes/landing.tsx'))).toBe(true);
    expect(sources.filter((source) => /app\/admin-routes|routes\/admin\/|features\/auth\//.test(source))).toEqual([]);
  });

  it('each page carries its texts in every language, so no text chunk is fetched before interaction', () => {
    const locales = path.resolve('src/client/locales');
    const read = (file: string) => JSON.parse(readFileSync(path.join(locales, file), 'utf8')) as unknown;
    const textChunks = new Set(
      Object.entries(manifest)
        .filter(([key]) => /^locales\//.test(key))
        .map(([, chunk]) => chunk.file),
    );
    for (const code of LANGUAGE_CODES) {
      for (const [page, bundles] of [
        ['landing', { translation: read(`${code}.json`) }],
        ['adminLogin', { translation: read(`${code}.json`), login: read(`login/${code}.json`) }],
      ] as const) {
        const html = readFileSync(path.join(CLIENT, '.prerendered', `${page}.${code}.html`), 'utf8');
        const block = /<script type="application\/json" id="page-texts">([^<]*)<\/script>/.exec(html);
        expect(block, `${page}.${code}`).not.toBeNull();
        expect(JSON.parse(block?.[1] ?? ''), `${page}.${code}`).toEqual(bundles);
      }
    }
    for (const page of ['landing', 'adminLogin']) {
      expect(
        [...namedInPage(page)].filter((file) => textChunks.has(file)),
        page,
      ).toEqual([]);
    }
  });
});
