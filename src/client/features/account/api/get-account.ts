import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { AccountSession, SecurityEvent, SessionUser } from '#shared/schemas/auth.ts';

export interface Account extends SessionUser {
  isTwoFactorAvailable: boolean;
  isTwoFactorRequired: boolean;
  recoveryCodesLeft: number;
}

/** Under 'admin', so every change made from the account screen refreshes it (and the auth status). */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'account'],
    queryFn: ({ signal }) => apiGet<Account>('/api/admin/account', { signal }),
  });

export const useAccount = () => useQuery(accountQueryOptions());

export const useAccountSessions = () =>
  useQuery({
    queryKey: ['admin', 'account', 'sessions'],
    queryFn: ({ signal }) => apiGet<AccountSession[]>('/api/admin/account/sessions', { signal }),
  });

export const useSecurityLog = () =>
  useQuery({
    queryKey: ['admin', 'account', 'security-log'],
    queryFn: ({ signal }) => apiGet<SecurityEvent[]>('/api/admin/account/security-log', { signal }),
  });
