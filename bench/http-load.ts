import http from 'node:http';
import { startServer } from '#tests/e2e/support/server.ts';
import { startBareFastify } from './support.ts';

/** A bounded closed-loop load on loopback only: `connections` clients, `total` requests in all. */
async function load(url: string, connections: number, total: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent }, (res) => {
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
    const measure = async (url: string, total: number) => {
      await load(url, 10, 2_000);
      return load(url, 20, total);
    };
    const routes = {
      healthz: await measure(`${server.baseUrl}/healthz`, 20_000),
      readyz: await measure(`${server.baseUrl}/readyz`, 10_000),
      landingHtml: await measure(`${server.baseUrl}/`, 10_000),
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
