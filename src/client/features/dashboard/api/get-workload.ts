import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { AssigneeWorkload } from '#shared/replies/assignees.ts';
import { dashboardKeys } from './query-keys.ts';

/** GET /api/admin/assignees/workload: each admin's creators in play and their due and overdue ones (decision 063). */
export const workloadQueryOptions = queryOptions({
  queryKey: dashboardKeys.workload(),
  queryFn: ({ signal }) => apiGet<{ workload: AssigneeWorkload[] }>('/api/admin/assignees/workload', { signal }),
  staleTime: 0,
});

export const useWorkload = () => useQuery(workloadQueryOptions);
