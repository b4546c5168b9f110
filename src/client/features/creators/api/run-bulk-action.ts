import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { BulkRequest, BulkResult, CreatorFilter } from '#shared/schemas/bulk.ts';
import { invalidateAdminQueries } from './creator-query-keys.ts';

/** POST /api/admin/creators/bulk: one action for the named creators or for all matching a list's filter. */
export function runBulkAction(request: BulkRequest): Promise<BulkResult> {
  return apiSend<BulkResult>('POST', '/api/admin/creators/bulk', request);
}

export function useRunBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulkAction,
    // Whatever succeeded or not, lists, counts and details may all have changed.
    onSettled: () => invalidateAdminQueries(queryClient),
  });
}

/** GET …/export.csv for a list: the same filter the screen shows (docs/decisions/027). */
export function creatorsExportUrl(filter: CreatorFilter): string {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.q?.trim()) query.set('q', filter.q.trim());
  if (filter.recruiterId) query.set('recruiterId', filter.recruiterId);
  if (filter.sla) query.set('sla', filter.sla);
  const text = query.toString();
  return `/api/admin/creators/export.csv${text ? `?${text}` : ''}`;
}

/** GET …/{creatorId}/export.zip: everything held about one creator. */
export function creatorDataExportUrl(creatorId: string): string {
  return `/api/admin/creators/${encodeURIComponent(creatorId)}/export.zip`;
}
