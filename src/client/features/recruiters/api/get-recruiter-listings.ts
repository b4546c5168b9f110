import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { RecruiterListings } from '#shared/schemas/creator.ts';

/** No status means every status (spec §2 'All'). */
export type ListingsFilter = CreatorStatus | 'all';

/** Spec §7 GET /api/admin/recruiters/{id}/listings, optionally ?status=. */
export function getRecruiterListings(
  recruiterId: string,
  status: ListingsFilter,
  signal?: AbortSignal,
): Promise<RecruiterListings> {
  const query = status === 'all' ? '' : `?${new URLSearchParams({ status })}`;
  return apiGet<RecruiterListings>(`/api/admin/recruiters/${encodeURIComponent(recruiterId)}/listings${query}`, {
    signal,
  });
}

export const recruiterListingsQueryOptions = (recruiterId: string, status: ListingsFilter) =>
  queryOptions({
    queryKey: ['admin', 'recruiters', recruiterId, 'listings', status],
    queryFn: ({ signal }) => getRecruiterListings(recruiterId, status, signal),
  });

export function useRecruiterListings(recruiterId: string, status: ListingsFilter) {
  // The previous filter's rows stay on screen while the next filter loads, so the table does not flash empty.
  return useQuery({ ...recruiterListingsQueryOptions(recruiterId, status), placeholderData: keepPreviousData });
}
