import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import { creatorKeys } from './query-keys.ts';

/** Product §7 GET /api/admin/creators/{creatorId}: creator, stage2Data and the activity log. */
export function getCreatorDetail(creatorId: string, signal?: AbortSignal): Promise<CreatorDetail> {
  return apiGet<CreatorDetail>(`/api/admin/creators/${encodeURIComponent(creatorId)}`, { signal });
}

export const creatorDetailQueryOptions = (creatorId: string) =>
  queryOptions({
    queryKey: creatorKeys.detail(creatorId),
    queryFn: ({ signal }) => getCreatorDetail(creatorId, signal),
    // Opened to see the latest: stage 2 answers and log entries arrive without an admin action here.
    staleTime: 0,
    // An e-mail on its way (decision 060) is followed until the delivery worker has settled it.
    refetchInterval: (query) =>
      query.state.data?.messages.some((message) => message.delivery?.status === 'pending') ? 3_000 : false,
  });

/** Loads only while a dialog that needs it is open. */
export function useCreatorDetail(creatorId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...creatorDetailQueryOptions(creatorId), enabled: enabled && creatorId !== '' });
}
