import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, isApiError } from '#client/lib/api-client.ts';
import { AUTH_STATUS_QUERY_KEY, SIGNED_OUT } from './get-auth-status.ts';

/** POST /api/admin/logout: JSON content type, no body (product §7). */
export async function logout(): Promise<void> {
  try {
    await apiSend('POST', '/api/admin/logout');
  } catch (error) {
    // A session that already expired is as logged out as it gets.
    if (isApiError(error) && error.status === 401) return;
    throw error;
  }
}

/**
 * Signs out and forgets every admin answer held in memory (personal data), leaving only "signed out" so the
 * login page does not bounce back to the dashboard.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(AUTH_STATUS_QUERY_KEY, SIGNED_OUT);
    },
  });
}
