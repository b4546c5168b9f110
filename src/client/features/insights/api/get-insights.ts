import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { Insights, InsightsRange } from '#shared/schemas/insights.ts';

export function getInsights(range: InsightsRange, signal?: AbortSignal): Promise<Insights> {
  return apiGet<Insights>(`/api/admin/insights?${new URLSearchParams(range)}`, { signal });
}

/** Under ['admin', 'creators'], so a status change anywhere refreshes the figures too. */
export const insightsQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: ['admin', 'creators', 'insights', range.from, range.to],
    queryFn: ({ signal }) => getInsights(range, signal),
    staleTime: 0,
    // Another range keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export function useInsights(range: InsightsRange) {
  return useQuery(insightsQueryOptions(range));
}
