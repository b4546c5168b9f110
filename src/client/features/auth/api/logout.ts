import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiSend, isApiError } from '#client/lib/api-client.ts';
import { SIGNED_OUT } from './get-auth-status.ts';
import { authKeys } from './query-keys.ts';

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
export const logoutMutation = mutationOptions({
  mutationFn: logout,
  onSuccess: (_result, _variables, _onMutate, { client }) => {
    client.clear();
    client.setQueryData(authKeys.status(), SIGNED_OUT);
  },
});

export const useLogout = () => useMutation(logoutMutation);
