import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#client/lib/api-client.ts';
import { queryRoots } from '#client/lib/query-keys.ts';
import type { CancelReason } from '#shared/replies/cancel-reasons.ts';

/** GET /api/admin/cancel-reasons: the reasons a cancellation may give, the removed ones too (old ones name them). */
export const cancelReasonsQueryOptions = queryOptions({
  queryKey: queryRoots.cancelReasons,
  queryFn: ({ signal }) => apiGet<{ reasons: CancelReason[] }>('/api/admin/cancel-reasons', { signal }),
  // Owners change them rarely, and their screen invalidates this key when they do.
  staleTime: 5 * 60_000,
});

export const useCancelReasons = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...cancelReasonsQueryOptions, enabled });
