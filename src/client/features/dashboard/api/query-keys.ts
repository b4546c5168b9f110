import { queryRoots } from '#client/lib/query-keys.ts';

/** The dashboard's one read; a creator's change names its root (lib/query-keys.ts) to refresh it. */
export const dashboardKeys = {
  summary: () => [...queryRoots.dashboard, 'summary'] as const,
};
