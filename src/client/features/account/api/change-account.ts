import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type {
  PasswordChangeInput,
  RecoveryCodes,
  TwoFactorConfirmInput,
  TwoFactorDisableInput,
  TwoFactorSetup,
} from '#shared/schemas/auth.ts';

/** Every change to the account refreshes what the screen and the session guard show. */
function useAccountMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useChangePassword = () =>
  useAccountMutation((input: PasswordChangeInput) =>
    apiSend<{ endedSessions: number }>('POST', '/api/admin/account/password', input),
  );

export const useEndSession = () =>
  useAccountMutation((sessionId: string) => apiSend('DELETE', `/api/admin/account/sessions/${sessionId}`));

/** Not under the account key's refresh: a new secret must not be replaced while the admin scans it. */
export const useStartTwoFactorSetup = () =>
  useMutation({ mutationFn: () => apiSend<TwoFactorSetup>('POST', '/api/admin/account/two-factor/setup') });

export const useConfirmTwoFactor = () =>
  useAccountMutation((input: TwoFactorConfirmInput) =>
    apiSend<RecoveryCodes>('POST', '/api/admin/account/two-factor/confirm', input),
  );

export const useDisableTwoFactor = () =>
  useAccountMutation((input: TwoFactorDisableInput) => apiSend('POST', '/api/admin/account/two-factor/disable', input));
