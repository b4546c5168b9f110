import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { CreatorPage } from '#shared/schemas/creator.ts';
import { creatorKeys } from './creator-query-keys.ts';

export interface CreatorListParams {
  status: CreatorStatus;
  /** 1-based. */
  page: number;
  /** Name, contact or Creator ID; blank lists everyone. */
  q: string;
}

/** GET /api/admin/creators/status/{status}?page=&q=: the paged form (decision 007), 50 a page. */
export function getCreatorsByStatus(
  { status, page, q }: CreatorListParams,
  signal?: AbortSignal,
): Promise<CreatorPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (q.trim()) query.set('q', q.trim());
  return apiGet<CreatorPage>(`/api/admin/creators/status/${encodeURIComponent(status)}?${query}`, { signal });
}

export const creatorsByStatusQueryOptions = (params: CreatorListParams) =>
  queryOptions({
    queryKey: creatorKeys.byStatus(params.status, params.page, params.q.trim()),
    queryFn: ({ signal }) => getCreatorsByStatus(params, signal),
    // A status page shows what is there now each time it is opened; the cached page shows meanwhile.
    staleTime: 0,
  });

export function useCreatorsByStatus(params: CreatorListParams) {
  // The previous page (or search) stays on screen while the next one loads, so the table does not flash.
  return useQuery({ ...creatorsByStatusQueryOptions(params), placeholderData: keepPreviousData });
}
