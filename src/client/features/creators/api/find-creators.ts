import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { queryRoots } from '#client/lib/query-keys.ts';
import type { CreatorFindReply } from '#shared/replies/creator-find.ts';
import { FIND_QUERY_MAX_LENGTH, FIND_QUERY_MIN_LENGTH } from '#shared/schemas/creator-find.ts';

/** GET /api/admin/creators/search (docs/decisions/036): creators of any status by name, contact or Creator ID. */
export function findCreators(q: string, signal?: AbortSignal): Promise<CreatorFindReply> {
  return apiGet<CreatorFindReply>(`/api/admin/creators/search?q=${encodeURIComponent(q)}`, { signal });
}

/** Whether the server would take `q`; shorter or longer is not asked for at all. */
export const isFindable = (q: string) => q.length >= FIND_QUERY_MIN_LENGTH && q.length <= FIND_QUERY_MAX_LENGTH;

/**
 * Under the creators' root, so any change to a creator (a status, a deletion) drops stale answers. The last
 * answer stays on screen while the next loads, so the list does not blink between keystrokes.
 */
export function useFoundCreators(q: string) {
  return useQuery({
    queryKey: [...queryRoots.creators, 'find', q],
    queryFn: ({ signal }) => findCreators(q, signal),
    enabled: isFindable(q),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
