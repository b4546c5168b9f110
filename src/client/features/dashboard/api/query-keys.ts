import { queryRoots } from '#client/lib/query-keys.ts';

/** The dashboard's reads; a creator's change names their root (lib/query-keys.ts) to refresh them. */
export const dashboardKeys = {
  summary: () => [...queryRoots.dashboard, 'summary'] as const,
  /** The team's workload (decision 063). */
  workload: () => [...queryRoots.dashboard, 'workload'] as const,
};
