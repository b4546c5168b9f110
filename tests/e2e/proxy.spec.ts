import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasNginx, type RunningProxy, startNginx } from '../scale-out/support/nginx.ts';
import { type RunningServer, startServer } from './support/server.ts';

const METRICS_TOKEN = 'scrape-token-7f3a9c1e5b2d';

// The production server behind deploy/nginx.conf, as docs/deploy.md installs it: one id per request, end to end.
describe.skipIf(!hasNginx())('behind nginx', () => {
  let server: RunningServer;
  let proxy: RunningProxy;
  beforeAll(async () => {
    server = await startServer({
      env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info', LOG_REQUESTS: 'errors', METRICS_TOKEN },
    });
    proxy = await startNginx({ upstreams: [new URL(server.baseUrl).host] });
  });
  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
  });

  /** The server's JSON log lines that name `requestId`. */
  const appLines = (requestId: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.requestId === requestId);

  it("follows a request by nginx's id into the reply, the error body, the app's one line and nginx's log", async () => {
    const res = await fetch(`${proxy.baseUrl}/api/admin/creators/summary?from=probe`, {
      // A client's own id is not the one the request is known by.
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(res.status).toBe(401);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(((await res.json()) as { requestId: string }).requestId).toBe(id);

    // The server's output reaches this process a moment after the reply does.
    await vi.waitFor(() =>
      expect(appLines(id)).toEqual([
        expect.objectContaining({ msg: 'request', method: 'GET', route: '/api/admin/creators/summary', status: 401 }),
      ]),
    );
    expect(server.output()).not.toContain('chosen-by-the-client');
    expect(server.output()).not.toContain('from=probe');
    expect((await proxy.accessLog()).filter((line) => line.includes(`request_id=${id}`))).toHaveLength(1);
  });

  it('names every reply, and logs no line for a request that succeeded', async () => {
    const res = await fetch(`${proxy.baseUrl}/api/recruiters`);
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // A refusal sent after it is logged; once its line is in, any line of the success would be too.
    const refused = await fetch(`${proxy.baseUrl}/api/admin/creators/summary`);
    const refusedId = refused.headers.get('x-request-id') ?? '';
    await vi.waitFor(() => expect(appLines(refusedId)).toHaveLength(1));
    expect(appLines(id)).toEqual([]);
  });

  it('keeps metrics off the public side: a scraper reaches them at the instance only', async () => {
    const authorization = `Bearer ${METRICS_TOKEN}`;
    expect((await fetch(`${proxy.baseUrl}/metrics`, { headers: { authorization } })).status).toBe(404);
    const direct = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization } });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('rollick_http_requests_total');
  });
});
