import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '#tests/setup/test-app.ts';

describe('closing the server', () => {
  it('ends a kept-alive connection whose response finishes during the close, so the close ends too', async () => {
    let arrived = () => {};
    const isArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = await buildTestApp({
      extend: (app) => {
        app.get('/slow', async () => {
          arrived();
          await gate;
          return { ok: true };
        });
        // The in-flight request finishes once the close has begun.
        app.addHook('preClose', async () => release());
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A load balancer's connection: kept alive between requests.
    const agent = new http.Agent({ keepAlive: true });
    const reply = new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        })
        .on('error', reject);
    });
    await isArrived;

    const closed = t.app.close();

    expect((await reply).connection).toBe('close');
    await closed;
    agent.destroy();
    await t.close();
  });
});
