import { queryRoots } from '#client/lib/query-keys.ts';

/** The signed-in admin's own account: its settings, its sessions and its security log, refreshed apart. */
export const accountKeys = {
  profile: () => [...queryRoots.account, 'profile'] as const,
  sessions: () => [...queryRoots.account, 'sessions'] as const,
  securityLog: () => [...queryRoots.account, 'security-log'] as const,
};
