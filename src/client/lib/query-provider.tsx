import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client.ts';

/**
 * Wraps a lazily loaded screen in the server-state cache. The screens that fetch provide it themselves,
 * rather than the app root, so TanStack Query downloads with them and not with the landing page's first
 * paint (architecture §8). Every screen shares the one client, so its cache is shared too.
 */
export function withQueryClient<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Screen.displayName ?? Screen.name})`;
  return WithQueryClient;
}

/** Loads a screen's module and the query cache together, for React.lazy. */
export function loadWithQueryClient<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Promise<ComponentType<P>> {
  return load().then(withQueryClient);
}
