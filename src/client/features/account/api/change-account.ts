import { mutationOptions, type QueryKey, useMutation } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import { invalidateKeys, queryRoots } from '#client/lib/query-keys.ts';
import type { PasswordChanged, RecoveryCodes, TwoFactorSetup } from '#shared/replies/account.ts';
import type {
  PasswordChangeInput,
  TwoFactorConfirmInput,
  TwoFactorDisableInput,
  TwoFactorStartInput,
} from '#shared/schemas/auth.ts';
import { accountKeys } from './query-keys.ts';

/** A change to the account, then a refresh of the reads that show it. */
function accountChange<TInput, TResult>(send: (input: TInput) => Promise<TResult>, changes: readonly QueryKey[]) {
  return mutationOptions({
    mutationFn: send,
    onSuccess: (_result: TResult, _input: TInput, _onMutate: unknown, { client }) => invalidateKeys(client, changes),
  });
}

/** Ends every other session of the admin and logs the change; nothing the account screen shows otherwise. */
export const changePasswordMutation = accountChange(
  (input: PasswordChangeInput) => apiSend<PasswordChanged>('POST', '/api/admin/account/password', input),
  [accountKeys.sessions(), accountKeys.securityLog()],
);
export const useChangePassword = () => useMutation(changePasswordMutation);

/** Logs nothing: the session list alone changes. */
export const endSessionMutation = accountChange(
  (sessionId: string) => apiSend('DELETE', `/api/admin/account/sessions/${sessionId}`),
  [accountKeys.sessions()],
);
export const useEndSession = () => useMutation(endSessionMutation);

/** Refreshes nothing: a new secret must not be replaced while the admin scans it. */
export const useStartTwoFactorSetup = () =>
  useMutation({
    mutationFn: (input: TwoFactorStartInput) =>
      apiSend<TwoFactorSetup>('POST', '/api/admin/account/two-factor/setup', input),
  });

/**
 * Turning two-factor sign-in on or off changes the account and the session user (the guard keeps an admin who
 * must enrol on the account page), the admin's row in the owners' list, and the log; turning it on also ends
 * every other session.
 */
const TWO_FACTOR_CHANGES = [accountKeys.profile(), queryRoots.authStatus, queryRoots.admins, accountKeys.securityLog()];

export const confirmTwoFactorMutation = accountChange(
  (input: TwoFactorConfirmInput) => apiSend<RecoveryCodes>('POST', '/api/admin/account/two-factor/confirm', input),
  [...TWO_FACTOR_CHANGES, accountKeys.sessions()],
);
export const useConfirmTwoFactor = () => useMutation(confirmTwoFactorMutation);

export const disableTwoFactorMutation = accountChange(
  (input: TwoFactorDisableInput) => apiSend('POST', '/api/admin/account/two-factor/disable', input),
  TWO_FACTOR_CHANGES,
);
export const useDisableTwoFactor = () => useMutation(disableTwoFactorMutation);
