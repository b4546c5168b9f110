import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { CreatorSummary } from '#shared/replies/creators.ts';
import { dashboardKeys } from './query-keys.ts';

/** The dashboard in one call: counts per status and the five newest (decision 007). */
export function getCreatorSummary(signal?: AbortSignal): Promise<CreatorSummary> {
  return apiGet<CreatorSummary>('/api/admin/creators/summary', { signal });
}

export const creatorSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => getCreatorSummary(signal),
    // New applications arrive all the time: each visit to the dashboard asks again (cached rows show meanwhile).
    staleTime: 0,
  });

export function useCreatorSummary() {
  return useQuery(creatorSummaryQueryOptions());
}
