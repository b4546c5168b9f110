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

/**
 * A change to the account, then a refresh of the reads that show it. A change that asks for the current password
 * also refreshes the log when refused: the server logs every wrong password.
 */
function accountChange<TInput, TResult>(
  send: (input: TInput) => Promise<TResult>,
  changes: readonly QueryKey[],
  { asksPassword = false } = {},
) {
  return mutationOptions({
    mutationFn: send,
    onSuccess: (_result: TResult, _input: TInput, _onMutate: unknown, { client }) => invalidateKeys(client, changes),
    onError: (_error: Error, _input: TInput, _onMutate: unknown, { client }) =>
      asksPassword ? invalidateKeys(client, [accountKeys.securityLog()]) : undefined,
  });
}

/** Ends every other session of the admin and logs the change; nothing the account screen shows otherwise. */
export const changePasswordMutation = accountChange(
  (input: PasswordChangeInput) => apiSend<PasswordChanged>('POST', '/api/admin/account/password', input),
  [accountKeys.sessions(), accountKeys.securityLog()],
  { asksPassword: true },
);
export const useChangePassword = () => useMutation(changePasswordMutation);

/** Logs nothing: the session list alone changes. */
export const endSessionMutation = accountChange(
  (sessionId: string) => apiSend('DELETE', `/api/admin/account/sessions/${sessionId}`),
  [accountKeys.sessions()],
);
export const useEndSession = () => useMutation(endSessionMutation);

/** Refreshes nothing the setup shows (a new secret must not replace one being scanned); a refusal, the log. */
export const startTwoFactorMutation = accountChange(
  (input: TwoFactorStartInput) => apiSend<TwoFactorSetup>('POST', '/api/admin/account/two-factor/setup', input),
  [],
  { asksPassword: true },
);
export const useStartTwoFactorSetup = () => useMutation(startTwoFactorMutation);

/**
 * Turning two-factor sign-in on or off changes the account and the session user (the guard keeps an admin who
 * must enrol on the account page), the admin's row in the owners' list, and the log; turning it on also ends
 * every other session.
 */
const TWO_FACTOR_CHANGES = [accountKeys.profile(), queryRoots.authStatus, queryRoots.admins, accountKeys.securityLog()];

export const confirmTwoFactorMutation = accountChange(
  (input: TwoFactorConfirmInput) => apiSend<RecoveryCodes>('POST', '/api/admin/account/two-factor/confirm', input),
  [...TWO_FACTOR_CHANGES, accountKeys.sessions()],
  { asksPassword: true },
);
export const useConfirmTwoFactor = () => useMutation(confirmTwoFactorMutation);

export const disableTwoFactorMutation = accountChange(
  (input: TwoFactorDisableInput) => apiSend('POST', '/api/admin/account/two-factor/disable', input),
  TWO_FACTOR_CHANGES,
  { asksPassword: true },
);
export const useDisableTwoFactor = () => useMutation(disableTwoFactorMutation);

/** PUT …/account/languages: the applicants' languages this admin works in (decision 063); the team list shows them. */
export const changeLanguagesMutation = accountChange(
  (languages: string[]) => apiSend<{ languages: string[] }>('PUT', '/api/admin/account/languages', { languages }),
  [accountKeys.profile(), queryRoots.assignees],
);
export const useChangeLanguages = () => useMutation(changeLanguagesMutation);
