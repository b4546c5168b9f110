import { MutationObserver, type MutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { queryRoots } from './query-keys.ts';

/**
 * Helpers for the tests that check which cached reads a mutation refreshes: seed a real QueryClient with one
 * answer per key, run the mutation's own options against a stubbed server, then read which keys went stale.
 */

export type Reads = Record<string, QueryKey>;

/** One read under every feature's root, standing for that feature's reads in another feature's test. */
export const READ_UNDER_EVERY_ROOT: Reads = Object.fromEntries(
  Object.entries(queryRoots).map(([name, root]) => [name, [...root, 'sample']]),
);

/** A client with the product's defaults holding one fresh answer under each key. */
export function seededClient(reads: Reads): QueryClient {
  const client = createQueryClient();
  for (const key of Object.values(reads)) client.setQueryData(key, { seeded: true });
  return client;
}

/** Which of the seeded reads a mutation left stale (to be read again) and which it dropped. */
export function changedReads(client: QueryClient, reads: Reads): { stale: string[]; removed: string[] } {
  const stale: string[] = [];
  const removed: string[] = [];
  for (const [name, key] of Object.entries(reads)) {
    const state = client.getQueryState(key);
    if (!state) removed.push(name);
    else if (state.isInvalidated) stale.push(name);
  }
  return { stale: stale.sort(), removed: removed.sort() };
}

/** Server replies by "METHOD /path" (query string left out); anything else is a 404. */
export type Replies = Record<string, unknown>;

/** Stubs fetch with the given replies for the rest of the test (vi.unstubAllGlobals undoes it). */
export function stubServer(replies: Replies) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    if (!(call in replies)) return new Response('{"message":"Not found"}', { status: 404 });
    return new Response(JSON.stringify(replies[call] ?? null), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * Runs a mutation as a screen would (its function, then its callbacks) outside React, and settles once the
 * refreshes it asked for are done.
 */
export function runMutation<TData, TVariables>(
  client: QueryClient,
  // biome-ignore lint/suspicious/noExplicitAny: accepts every mutation's options whatever its context type
  options: MutationOptions<TData, any, TVariables, any>,
  variables: TVariables,
): Promise<TData> {
  return new MutationObserver(client, options).mutate(variables);
}
