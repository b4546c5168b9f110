import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend, readJson } from '#client/lib/api-client.ts';
import type { BulkJobAccepted } from '#shared/replies/bulk-jobs.ts';
import type { BulkChange, BulkUndoResult, UndoResult } from '#shared/replies/creators.ts';
import { invalidateAfterBulkStatusChange, invalidateAfterStatusChange } from './query-keys.ts';

export interface UndoRequest {
  creatorId: string;
  /** The change's id, as the call that made it answered. */
  change: string;
}

/** POST …/status/undo: puts back exactly that change, or a 409 saying why it cannot (docs/decisions/033). */
export function undoCreatorChange({ creatorId, change }: UndoRequest): Promise<UndoResult> {
  return apiSend<UndoResult>('POST', `/api/admin/creators/${encodeURIComponent(creatorId)}/status/undo`, { change });
}

/**
 * Undo as a toast's button runs it, after the row that made the change may have left the screen (so not a
 * component's mutation): the lists are refreshed as after a status change, also after a refusal, since the
 * creator has then moved on and the screen should say where.
 */
export async function undoAndRefresh(queryClient: QueryClient, request: UndoRequest): Promise<UndoResult> {
  let recruiterId: string | null | undefined;
  try {
    const result = await undoCreatorChange(request);
    recruiterId = result.creator.recruiterId;
    return result;
  } finally {
    void invalidateAfterStatusChange(queryClient, request.creatorId, recruiterId);
  }
}

/**
 * POST …/bulk/undo: a bulk action's changes, each taken back where its creator has not changed since; or (202)
 * the job it goes on as, when it outlasts the request (docs/decisions/034).
 */
export async function undoCreatorChanges(changes: readonly BulkChange[]): Promise<BulkUndoResult | BulkJobAccepted> {
  return readJson<BulkUndoResult | BulkJobAccepted>(
    await apiRequest('POST', '/api/admin/creators/bulk/undo', { changes }),
  );
}

/** A bulk undo, refreshed as a bulk status change, whatever its outcome. */
export async function undoManyAndRefresh(
  queryClient: QueryClient,
  changes: readonly BulkChange[],
): Promise<BulkUndoResult | BulkJobAccepted> {
  try {
    return await undoCreatorChanges(changes);
  } finally {
    void invalidateAfterBulkStatusChange(queryClient);
  }
}
