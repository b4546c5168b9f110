import http from 'node:http';
import { startServer } from '#tests/e2e/support/server.ts';
import { startBareFastify } from './support.ts';

/**
 * What a browser sends for the landing page once its visitor chose a language: the page is sent compressed, in
 * the cookie's language, among the cookies a site usually carries.
 */
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
  'accept-language': 'de-DE,de;q=0.9,en;q=0.8',
  cookie: '_ga=GA1.2.1234567890.1732780800; rollick_lang=fr; theme=dark; _gid=GA1.2.987654321.1732780800',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
};

/** A bounded closed-loop load on loopback only: `connections` clients, `total` requests in all. */
async function load(url: string, connections: number, total: number, headers: Record<string, string> = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            resolve();
          });
        })
        .on('error', reject);
    });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next++ < total) await one();
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => +(latencies[Math.floor((latencies.length - 1) * p)] ?? 0).toFixed(2);
  return {
    requests: latencies.length,
    reqPerSec: Math.round(latencies.length / seconds),
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
  };
}

/** A bare Fastify hello in its own process with the server's runtime flags: the rate each route is compared with. */
async function measureBareFastify(total: number) {
  const bare = await startBareFastify();
  try {
    const url = `http://127.0.0.1:${bare.port}/`;
    await load(url, 10, 2_000);
    return await load(url, 20, total);
  } finally {
    bare.stop();
  }
}

export async function measureHttp() {
  const server = await startServer();
  try {
    await load(`${server.baseUrl}/healthz`, 10, 2_000);
    const bareBefore = await measureBareFastify(10_000);
    // Each route is warmed first, so no figure carries another's compilation or the server's first minutes.
    const measure = async (url: string, total: number, headers?: Record<string, string>) => {
      await load(url, 10, 2_000, headers);
      return load(url, 20, total, headers);
    };
    const routes = {
      healthz: await measure(`${server.baseUrl}/healthz`, 20_000),
      readyz: await measure(`${server.baseUrl}/readyz`, 10_000),
      landingHtml: await measure(`${server.baseUrl}/`, 10_000),
      landingBrowser: await measure(`${server.baseUrl}/`, 10_000, BROWSER_HEADERS),
      recruitersCached: await measure(`${server.baseUrl}/api/recruiters`, 10_000),
    };
    // Measured on both sides of the app's routes, so a machine that got busier or quieter shows in the spread.
    const bareAfter = await measureBareFastify(10_000);
    const bare = Math.round((bareBefore.reqPerSec + bareAfter.reqPerSec) / 2);
    const ratio = (rate: number) => +(rate / bare).toFixed(2);
    return {
      bareFastify: { before: bareBefore, after: bareAfter, reqPerSec: bare },
      ...routes,
      ratioToBare: Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, ratio(r.reqPerSec)])),
    };
  } finally {
    await server.stop();
  }
}
