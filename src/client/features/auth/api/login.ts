import { hashKey, mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from '#client/lib/query-keys.ts';
import type { SignedIn } from '#shared/replies/auth.ts';
import type { Login } from '#shared/schemas/auth.ts';
import { authKeys } from './query-keys.ts';

/** POST /api/admin/login (product §7: success is any OK response). */
export function login(credentials: Login): Promise<SignedIn> {
  return apiSend<SignedIn>('POST', '/api/admin/login', credentials);
}

/**
 * Product §4: the auth status is checked again after a successful login. Admin answers still cached from an
 * earlier session (one that expired, perhaps another admin's) were read for someone else: they go.
 */
export const loginMutation = mutationOptions({
  mutationFn: login,
  onSuccess: (_result, _credentials, _onMutate, { client }) => {
    const authStatusHash = hashKey(authKeys.status());
    client.removeQueries({ queryKey: ADMIN_QUERY_ROOT, predicate: (query) => query.queryHash !== authStatusHash });
    return client.refetchQueries({ queryKey: authKeys.status() });
  },
});

export const useLogin = () => useMutation(loginMutation);
