import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { CreatorPage } from '#shared/replies/creators.ts';
import type { CreatorSort, PageStart, SlaFilter } from '#shared/schemas/creator.ts';
import { type ListFilters, listFilterParams } from '#shared/schemas/list-filters.ts';
import { creatorKeys } from './query-keys.ts';

export interface CreatorListParams {
  status: CreatorStatus;
  /** An end of the list, or a cursor from a page's `next` or `prev`. */
  start: PageStart;
  /** Name, contact or Creator ID; blank lists everyone. */
  q: string;
  /** Newest first unless given; a cursor belongs to the order it was read in. */
  sort?: CreatorSort | undefined;
  /** Pending only: the creators due or overdue for a first answer. */
  sla?: SlaFilter | undefined;
  /** The list filters (decision 063): recruiter, language, duplicates, dates, assignee (`me` too) and tag. */
  filters?: ListFilters | undefined;
  /** A filtered page's count stops here (the board's columns); the server's own cap otherwise. */
  countUpTo?: number | undefined;
}

/**
 * GET /api/admin/creators/status/{status}?page=first|last or ?cursor=, and &q=, &sort=, &sla= and the list filters: the paged form, read by keyset
 * (docs/decisions/014), so a page deep in a million creators costs what the first one does.
 */
export function getCreatorsByStatus(
  { status, start, q, sort, sla, filters, countUpTo }: CreatorListParams,
  signal?: AbortSignal,
): Promise<CreatorPage> {
  const query = new URLSearchParams(typeof start === 'string' ? { page: start } : { cursor: start.cursor });
  if (q.trim()) query.set('q', q.trim());
  if (sort && sort !== 'newest') query.set('sort', sort);
  if (sla) query.set('sla', sla);
  for (const [name, value] of Object.entries(listFilterParams(filters ?? {}))) query.set(name, value);
  if (countUpTo !== undefined) query.set('countUpTo', String(countUpTo));
  return apiGet<CreatorPage>(`/api/admin/creators/status/${encodeURIComponent(status)}?${query}`, { signal });
}

export const creatorsByStatusQueryOptions = (params: CreatorListParams) =>
  queryOptions({
    queryKey: creatorKeys.byStatus(params.status, params.start, params.q.trim(), {
      sort: params.sort ?? 'newest',
      sla: params.sla ?? null,
      ...listFilterParams(params.filters ?? {}),
    }),
    queryFn: ({ signal }) => getCreatorsByStatus(params, signal),
    // A status page shows what is there now each time it is opened; the cached page shows meanwhile.
    staleTime: 0,
  });

export function useCreatorsByStatus(params: CreatorListParams) {
  // The previous page (or search) stays on screen while the next one loads, so the table does not flash.
  return useQuery({ ...creatorsByStatusQueryOptions(params), placeholderData: keepPreviousData });
}
