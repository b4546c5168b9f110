import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { AdminHeaders } from '#tests/setup/test-app.ts';

export interface ApiCall {
  method: string;
  path: string;
  /** The JSON body sent, or undefined for none. */
  body: unknown;
}

export interface AppFetch {
  /** Every call the page made, in order, as it left the page (held ones included). */
  calls: ApiCall[];
  /**
   * Holds the next `method path` call before it reaches the server, until the returned function is called: a
   * request still in flight, whose outcome is then the server's own.
   */
  hold(method: string, path: string): () => void;
}

/** Methods a browser sends our Origin with, and the server checks it on (architecture §5). */
const SENDS_ORIGIN = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Statuses whose reply has no body; `Response` refuses one for them. */
const BODYLESS = new Set([101, 204, 205, 304]);

/**
 * `fetch` as the admin's browser makes it on our pages, answered by the real app in this process through
 * `inject`: the signed-in admin's session cookie on every call and the page's Origin on state-changing ones,
 * so the admin origin check passes as it does for the browser. Only the JSON calls of the admin screens are
 * carried (no uploads), and the cookie stays the one `admin` signed in with.
 */
export function serveFromApp(app: FastifyInstance, admin: Pick<AdminHeaders, 'cookie'>): AppFetch {
  const calls: ApiCall[] = [];
  const holds = new Map<string, Promise<void>>();
  const keyOf = (method: string, path: string) => `${method} ${path}`;

  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), window.location.origin);
    if (url.origin !== window.location.origin) throw new TypeError(`not our server: ${url.origin}`);
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new TypeError('only JSON bodies are carried to the app');
    }
    const method = (init.method ?? 'GET').toUpperCase();
    const path = `${url.pathname}${url.search}`;
    const payload = init.body ?? undefined;
    calls.push({ method, path, body: payload === undefined ? undefined : JSON.parse(payload) });

    const key = keyOf(method, path);
    const held = holds.get(key);
    holds.delete(key);
    await held;
    init.signal?.throwIfAborted();

    const reply = await app.inject({
      method: method as 'GET',
      url: path,
      headers: {
        ...Object.fromEntries(new Headers(init.headers)),
        cookie: admin.cookie,
        ...(SENDS_ORIGIN.has(method) ? { origin: window.location.origin } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    return responseOf(reply);
  });

  return {
    calls,
    hold(method, path) {
      let release = () => {};
      holds.set(
        keyOf(method, path),
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return release;
    },
  };
}

/** The injected reply as the browser's `fetch` would hand it over: status, headers and the bytes sent. */
function responseOf(reply: LightMyRequestResponse): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return new Response(BODYLESS.has(reply.statusCode) ? null : new Uint8Array(reply.rawPayload), {
    status: reply.statusCode,
    statusText: reply.statusMessage,
    headers,
  });
}
