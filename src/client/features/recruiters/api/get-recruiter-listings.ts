import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { RecruiterListingsPage } from '#shared/replies/recruiters.ts';
import type { PageStart } from '#shared/schemas/creator.ts';
import { type ListingsFilter, recruiterKeys } from './query-keys.ts';

/**
 * Product §7 GET /api/admin/recruiters/{id}/listings, optionally ?status=, one page at a time (?page=first|last or
 * ?cursor=): a recruiter may name thousands of applications, and the spec's whole list would arrive at once.
 */
export function getRecruiterListings(
  recruiterId: string,
  status: ListingsFilter,
  start: PageStart,
  signal?: AbortSignal,
): Promise<RecruiterListingsPage> {
  const query = new URLSearchParams(typeof start === 'string' ? { page: start } : { cursor: start.cursor });
  if (status !== 'all') query.set('status', status);
  return apiGet<RecruiterListingsPage>(`/api/admin/recruiters/${encodeURIComponent(recruiterId)}/listings?${query}`, {
    signal,
  });
}

/** GET …/listings/export.csv: the listings with the same filter, as a spreadsheet (docs/decisions/027). */
export function listingsExportUrl(recruiterId: string, status: ListingsFilter): string {
  const query = status === 'all' ? '' : `?${new URLSearchParams({ status })}`;
  return `/api/admin/recruiters/${encodeURIComponent(recruiterId)}/listings/export.csv${query}`;
}

export const recruiterListingsQueryOptions = (recruiterId: string, status: ListingsFilter, start: PageStart) =>
  queryOptions({
    queryKey: recruiterKeys.listings(recruiterId, status, start),
    queryFn: ({ signal }) => getRecruiterListings(recruiterId, status, start, signal),
    // An admin list, read afresh each time it is opened as the status pages are (product §7).
    staleTime: 0,
  });

export function useRecruiterListings(recruiterId: string, status: ListingsFilter, start: PageStart) {
  // The previous filter's or page's rows stay on screen while the next one loads, so the table does not flash.
  return useQuery({ ...recruiterListingsQueryOptions(recruiterId, status, start), placeholderData: keepPreviousData });
}
