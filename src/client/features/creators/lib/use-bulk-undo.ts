import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { BulkChange } from '#shared/replies/creators.ts';
import { undoManyAndRefresh } from '../api/undo-creator-change.ts';
import { toastActionFailure } from './action-feedback.ts';

/**
 * Takes back a bulk action's changes, each whose creator has not changed since (docs/decisions/033), and says
 * how many were put back and how many could not be. Resolves to whether the server answered.
 */
export function useBulkUndo(): (changes: readonly BulkChange[]) => Promise<boolean> {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return async (changes) => {
    try {
      const { succeeded, failed } = await undoManyAndRefresh(queryClient, changes);
      const done = t('toast.bulkUndoneCount', { count: succeeded.length });
      const skipped = failed.length > 0 ? ` ${t('toast.bulkUndoSkipped', { count: failed.length })}` : '';
      toast({ title: t('toast.bulkUndone'), description: `${done}${skipped}` });
      return true;
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.undoFailed') });
      return false;
    }
  };
}
