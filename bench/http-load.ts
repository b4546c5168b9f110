import http from 'node:http';
import { startServer } from '#tests/e2e/support/server.ts';

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

export async function measureHttp() {
  const server = await startServer();
  try {
    await load(`${server.baseUrl}/healthz`, 10, 2_000);
    return {
      healthz: await load(`${server.baseUrl}/healthz`, 20, 20_000),
      readyz: await load(`${server.baseUrl}/readyz`, 20, 10_000),
      landingHtml: await load(`${server.baseUrl}/`, 20, 10_000),
    };
  } finally {
    await server.stop();
  }
}
