import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { Login } from '#shared/schemas/auth.ts';
import { AUTH_STATUS_QUERY_KEY } from './get-auth-status.ts';

/** POST /api/admin/login reply (product §7: success is any OK response). */
export interface LoginResult {
  success: boolean;
  user: { username: string };
}

export function login(credentials: Login): Promise<LoginResult> {
  return apiSend<LoginResult>('POST', '/api/admin/login', credentials);
}

/** Product §4: the auth status is checked again after a successful login. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.refetchQueries({ queryKey: AUTH_STATUS_QUERY_KEY }),
  });
}
