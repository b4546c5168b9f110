import { useQueryClient } from '@tanstack/react-query';
import { type TFunction, useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { BulkChange, BulkUndoResult } from '#shared/replies/creators.ts';
import { undoManyAndRefresh } from '../api/undo-creator-change.ts';
import { toastActionFailure } from './action-feedback.ts';
import { watchBulkJob } from './bulk-job-store.ts';

/** How many were put back and how many could not be: after the request, or when its job ends. */
export function toastBulkUndone(t: TFunction<'admin'>, { succeeded, failed }: BulkUndoResult): void {
  const done = t('toast.bulkUndoneCount', { count: succeeded.length });
  const skipped = failed.length > 0 ? ` ${t('toast.bulkUndoSkipped', { count: failed.length })}` : '';
  toast({ title: t('toast.bulkUndone'), description: `${done}${skipped}` });
}

/**
 * Takes back a bulk action's changes, each whose creator has not changed since (docs/decisions/033), and says
 * how many were put back and how many could not be. Thousands outlast the request: the server then answers
 * with a job, which the watcher around every admin page follows to the same toast (docs/decisions/034).
 * Resolves to whether the server answered.
 */
export function useBulkUndo(): (changes: readonly BulkChange[]) => Promise<boolean> {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return async (changes) => {
    try {
      const reply = await undoManyAndRefresh(queryClient, changes);
      if ('jobId' in reply) watchBulkJob({ jobId: reply.jobId, action: reply.action, total: reply.total });
      else toastBulkUndone(t, reply);
      return true;
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.undoFailed') });
      return false;
    }
  };
}
