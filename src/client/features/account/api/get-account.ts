import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { Account, AccountSession, SecurityEvent } from '#shared/replies/account.ts';
import { accountKeys } from './query-keys.ts';

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => apiGet<Account>('/api/admin/account', { signal }),
  });

export const useAccount = () => useQuery(accountQueryOptions());

export const useAccountSessions = () =>
  useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => apiGet<AccountSession[]>('/api/admin/account/sessions', { signal }),
  });

export const useSecurityLog = () =>
  useQuery({
    queryKey: accountKeys.securityLog(),
    queryFn: ({ signal }) => apiGet<SecurityEvent[]>('/api/admin/account/security-log', { signal }),
  });
