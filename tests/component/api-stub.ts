import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  /** The JSON body sent, or undefined for none. */
  body: unknown;
}

type Reply = { status: number; body: unknown };

/**
 * The server as a component test sees it: `fetch` answers each call with a reply given for its method and
 * path, in the API's own shapes (src/shared/replies), and records what was sent. A call nobody expected is
 * a 500, so a test never passes on a request it did not mean.
 */
export function stubApi() {
  const calls: ApiCall[] = [];
  const replies = new Map<string, () => Promise<Reply>>();
  const keyOf = (method: string, path: string) => `${method} ${path}`;

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const reply = await (replies.get(keyOf(method, path)) ?? (async () => ({ status: 500, body: {} })))();
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  return {
    calls,
    /** Answers every `method path` call with this status and body. */
    reply(method: string, path: string, status: number, body: unknown) {
      replies.set(keyOf(method, path), async () => ({ status, body }));
    },
    /** Holds the `method path` reply until the returned function is called: a request still in flight. */
    hold(method: string, path: string, status: number, body: unknown): () => void {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      replies.set(keyOf(method, path), async () => {
        await released;
        return { status, body };
      });
      return release;
    },
  };
}
