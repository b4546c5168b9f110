import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { startServer } from '#tests/e2e/support/server.ts';
import { median } from './support.ts';

/**
 * `npm run bench -- lighthouse` (decision 013): Lighthouse's mobile preset, driving Debian's
 * Chromium, against the production build's `/` and `/admin`, next to a minimal React 19 page built with
 * Vite in the same run and served the same way (pre-compressed, immutable assets). Medians of RUNS.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CACHE = path.resolve('node_modules/.cache/rollick-bench');

const MINIMAL_HTML = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="description" content="A minimal React page" /><link rel="icon" href="data:," />
<title>Minimal React page</title></head>
<body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>`;

const MINIMAL_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  return <main><h1>Partnership that Elevates Your Success</h1><p>A minimal React page for comparison.</p></main>;
}
createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);`;

/** The minimal React page: built by Vite in a temporary folder, served from memory with brotli. */
async function startMinimalPage() {
  // Inside the project, so the page resolves this project's react and react-dom.
  await mkdir(CACHE, { recursive: true });
  const dir = await mkdtemp(path.join(CACHE, 'minimal-page-'));
  await writeFile(path.join(dir, 'index.html'), MINIMAL_HTML);
  await writeFile(path.join(dir, 'main.jsx'), MINIMAL_MAIN);
  await build({
    root: dir,
    logLevel: 'error',
    configFile: false,
    plugins: [react()],
    build: { outDir: path.join(dir, 'dist') },
  });
  const files = new Map<string, Buffer>();
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.set(`/${path.relative(path.join(dir, 'dist'), full)}`, await readFile(full));
    }
  };
  await walk(path.join(dir, 'dist'));
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const url = req.url === '/' ? '/index.html' : (req.url ?? '/');
    const data = files.get(url);
    if (!data) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': types[path.extname(url)] ?? 'application/octet-stream',
      'content-encoding': 'br',
      'cache-control': url === '/index.html' ? 'no-store' : 'public, max-age=31536000, immutable',
    });
    res.end(brotliCompressSync(data));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

interface Audit {
  numericValue?: number;
  details?: { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> };
}

/** One Lighthouse run (mobile preset: simulated slow 4G and a 4× slower CPU). */
async function audit(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr as unknown as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, Audit>;
  };
  const scripts = (audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    scriptKiB: Math.round((scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024) * 10) / 10,
    scriptFiles: scripts.length,
    failing: Object.entries(audits)
      .filter(([, value]) => (value as { score?: number | null }).score === 0)
      .map(([name]) => name),
  };
}

type Figures = Awaited<ReturnType<typeof audit>>;

/** The run with the median performance score, with every numeric figure the median of all runs. */
function medianOf(runs: Figures[]) {
  const pick = (key: keyof Figures) => median(runs.map((run) => run[key] as number));
  const byScore = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    lcpMs: pick('lcpMs'),
    fcpMs: pick('fcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    scriptKiB: pick('scriptKiB'),
    scriptFiles: pick('scriptFiles'),
    failing: byScore?.failing ?? [],
  };
}

type Medians = ReturnType<typeof medianOf>;

/**
 * The budgets, page by page: each line says the figure, its limit and whether it is met. Both pages rendered
 * ahead of time keep their script before interaction within 1.3× React alone (docs/decisions/013 and 054).
 */
function budgets(result: Record<string, Medians>) {
  const base = result.minimal;
  if (!base) return {};
  const check = (label: string, value: number, limit: number, atMost = true) => {
    const isMet = atMost ? value <= limit : value >= limit;
    return `${isMet ? 'met' : 'MISSED'} ${label}: ${value} (${atMost ? '≤' : '≥'} ${limit})`;
  };
  const lcpRatio = (page: Medians) => Math.round((page.lcpMs / base.lcpMs) * 100) / 100;
  const scriptRatio = (page: Medians) => Math.round((page.scriptKiB / base.scriptKiB) * 100) / 100;
  return Object.fromEntries(
    ['landing', 'adminLogin'].flatMap((name) => {
      const page = result[name];
      if (!page) return [];
      const lines = [
        check('performance', page.performance, 95, false),
        check('LCP ÷ minimal page', lcpRatio(page), 1.3),
        check('TBT ms', page.tbtMs, 100),
        check('CLS', page.cls, 0),
        check('accessibility', page.accessibility, 100, false),
        check('best practices', page.bestPractices, 100, false),
        check('script before interaction ÷ minimal page', scriptRatio(page), 1.3),
      ];
      return [[name, lines]];
    }),
  );
}

export async function measureLighthouse() {
  const [app, minimal] = await Promise.all([startServer(), startMinimalPage()]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const pages = { minimal: minimal.url, landing: `${app.baseUrl}/`, adminLogin: `${app.baseUrl}/admin` };
    const runs: Record<string, Figures[]> = { minimal: [], landing: [], adminLogin: [] };
    // Interleaved, so a noisy moment on the machine touches every page alike.
    for (let run = 0; run < RUNS; run++) {
      for (const [name, url] of Object.entries(pages)) runs[name]?.push(await audit(url, chrome.port));
    }
    const result = Object.fromEntries(Object.entries(runs).map(([name, list]) => [name, medianOf(list)]));
    const base = result.minimal;
    const ratios = Object.fromEntries(
      ['landing', 'adminLogin'].map((name) => [
        name,
        {
          lcpToMinimal: base ? Math.round(((result[name]?.lcpMs ?? 0) / base.lcpMs) * 100) / 100 : null,
          scriptToMinimal: base ? Math.round(((result[name]?.scriptKiB ?? 0) / base.scriptKiB) * 100) / 100 : null,
        },
      ]),
    );
    return { runs: RUNS, preset: 'mobile (simulated throttling)', ...result, ratios, budgets: budgets(result) };
  } finally {
    chrome.kill();
    await Promise.all([app.stop(), minimal.stop()]);
  }
}
