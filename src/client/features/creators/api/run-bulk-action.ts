import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/api-client.ts';
import type { BulkJobAccepted } from '#shared/replies/bulk-jobs.ts';
import type { BulkResult } from '#shared/replies/creators.ts';
import type { BulkRequest, CreatorFilter } from '#shared/schemas/bulk.ts';
import { listFilterParams } from '#shared/schemas/list-filters.ts';
import { invalidateAfterBulkStatusChange, invalidateAfterDelete } from './query-keys.ts';

/** The summary of work that ended within the request, or (202) the job it goes on as (docs/decisions/034). */
export type BulkReply = BulkResult | BulkJobAccepted;

export const isBulkJob = (reply: BulkReply | undefined): reply is BulkJobAccepted =>
  reply !== undefined && 'jobId' in reply;

/** POST /api/admin/creators/bulk: one action for the named creators or for all matching a list's filter. */
export async function runBulkAction(request: BulkRequest): Promise<BulkReply> {
  return readJson<BulkReply>(await apiRequest('POST', '/api/admin/creators/bulk', request));
}

export const runBulkActionMutation = mutationOptions({
  mutationFn: runBulkAction,
  // Also after a failure: part of the creators may have changed before it. A job's own watcher does it again
  // when the job ends (creator-bulk-job-watcher.tsx).
  onSettled: (reply, _error, request, _onMutate, { client }) =>
    request.action === 'delete'
      ? invalidateAfterDelete(client, isBulkJob(reply) ? [] : (reply?.succeeded ?? []))
      : invalidateAfterBulkStatusChange(client),
});

export const useRunBulkAction = () => useMutation(runBulkActionMutation);

/** GET …/export.csv for a list: the same filter the screen shows (docs/decisions/027). */
export function creatorsExportUrl(filter: CreatorFilter): string {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.q?.trim()) query.set('q', filter.q.trim());
  if (filter.sla) query.set('sla', filter.sla);
  for (const [name, value] of Object.entries(listFilterParams(filter))) query.set(name, value);
  const text = query.toString();
  return `/api/admin/creators/export.csv${text ? `?${text}` : ''}`;
}

/** GET …/{creatorId}/export.zip: everything held about one creator. */
export function creatorDataExportUrl(creatorId: string): string {
  return `/api/admin/creators/${encodeURIComponent(creatorId)}/export.zip`;
}
