import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSend } from '#client/lib/api-client.ts';
import type { BulkResult } from '#shared/replies/creators.ts';
import type { BulkRequest } from '#shared/schemas/bulk.ts';
import { creatorKeys } from './query-keys.ts';

/** POST /api/admin/creators/bulk with dryRun: who the request would change and why the others not, nothing changed. */
export function previewBulkAction(request: BulkRequest): Promise<BulkResult> {
  return apiSend<BulkResult>('POST', '/api/admin/creators/bulk', { ...request, dryRun: true });
}

/**
 * Asked afresh each time a confirmation opens and forgotten when it closes: statuses move, and the count must be
 * the one the server would act on now.
 */
export const bulkPreviewQuery = (request: BulkRequest) =>
  queryOptions({
    queryKey: creatorKeys.bulkPreview(request),
    queryFn: () => previewBulkAction(request),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useBulkPreview = (request: BulkRequest | null) =>
  useQuery({
    ...bulkPreviewQuery(request ?? { action: 'status' }),
    enabled: request !== null,
  });
