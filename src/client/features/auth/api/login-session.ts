import { hashKey, type QueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT } from '#client/lib/query-keys.ts';
import type { AuthStatus } from '#shared/replies/auth.ts';
import { authStatusQueryOptions } from './get-auth-status.ts';
import { authKeys } from './query-keys.ts';

/**
 * Product §4: the auth status is checked again after a successful login. Admin answers still cached from an
 * earlier session (one that expired, perhaps another admin's) were read for someone else: they go.
 */
export async function refreshAfterSignIn(client: QueryClient): Promise<void> {
  const authStatusHash = hashKey(authKeys.status());
  client.removeQueries({ queryKey: ADMIN_QUERY_ROOT, predicate: (query) => query.queryHash !== authStatusHash });
  await client.fetchQuery({ ...authStatusQueryOptions(), staleTime: 0 });
}

/** A session the sign-in screen found: the back office starts from it instead of asking again. */
export function rememberAuthStatus(client: QueryClient, status: AuthStatus): void {
  client.setQueryData(authKeys.status(), status);
}
