import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { Insights } from '#shared/replies/insights.ts';
import type { InsightsRange } from '#shared/schemas/insights.ts';
import { insightsKeys } from './query-keys.ts';

export function getInsights(range: InsightsRange, signal?: AbortSignal): Promise<Insights> {
  return apiGet<Insights>(`/api/admin/insights?${new URLSearchParams(range)}`, { signal });
}

export const insightsQueryOptions = (range: InsightsRange) =>
  queryOptions({
    queryKey: insightsKeys.range(range),
    queryFn: ({ signal }) => getInsights(range, signal),
    staleTime: 0,
    // Another range keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export function useInsights(range: InsightsRange) {
  return useQuery(insightsQueryOptions(range));
}
