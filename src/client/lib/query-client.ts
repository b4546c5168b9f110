import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

/**
 * Product §7 client defaults: data is fetched once and kept (never stale, no interval, no refetch on focus) and a
 * failed call is reported, not retried. Screens that need fresher data say so per query (e.g. a staleTime).
 */
export const QUERY_DEFAULTS = {
  queries: {
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} as const satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}

export const queryClient = createQueryClient();
