import { apiSend } from '#client/lib/api-client.ts';
import type { SignedIn } from '#shared/replies/auth.ts';
import type { LoginValues } from '#shared/schemas/login-check.ts';

/** POST /api/admin/login (product §7: success is any OK response). */
export function login(credentials: LoginValues): Promise<SignedIn> {
  return apiSend<SignedIn>('POST', '/api/admin/login', credentials);
}

/**
 * Signs in, then prepares the query cache for the back office. The cache and its library load only now (or
 * earlier, when the sign-in screen warms them up on the first interaction), so the sign-in screen's first
 * load does without them (docs/decisions/054).
 */
export async function signIn(credentials: LoginValues): Promise<SignedIn> {
  const signedIn = await login(credentials);
  const [{ refreshAfterSignIn }, { queryClient }] = await Promise.all([
    import('./login-session.ts'),
    import('#client/lib/query-client.ts'),
  ]);
  await refreshAfterSignIn(queryClient);
  return signedIn;
}
