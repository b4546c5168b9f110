import { apiGet } from '#client/lib/api-client.ts';
import type { AuthStatus } from '#shared/replies/auth.ts';

/**
 * The auth status read without the query cache, so the sign-in screen can ask it before TanStack Query has
 * loaded (docs/decisions/054); get-auth-status.ts wraps it for the screens behind the sign-in.
 */
export const SIGNED_OUT: AuthStatus = { isAuthenticated: false, user: null };

/**
 * Product §4: a failed check is only logged, and the visitor is treated as not signed in, so a server hiccup
 * shows the login form rather than an error page.
 */
export async function getAuthStatus(signal?: AbortSignal): Promise<AuthStatus> {
  try {
    const status = await apiGet<AuthStatus>('/api/admin/auth-status', { signal, on401: 'returnNull' });
    return status?.isAuthenticated ? status : SIGNED_OUT;
  } catch (error) {
    console.error('Admin auth status check failed', error);
    return SIGNED_OUT;
  }
}
