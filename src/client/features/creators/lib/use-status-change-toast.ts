import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { undoAndRefresh } from '../api/undo-creator-change.ts';
import { toastActionFailure } from './action-feedback.ts';

/** The change a toast can take back: the creator's, by the id the call answered (none from an older server). */
export interface UndoableChange {
  creatorId: string;
  change?: string | undefined;
}

export interface ChangeToastTexts {
  title: string;
  description: string;
}

/**
 * The success toast of a status change, with Undo when the change can be taken back (docs/decisions/033):
 * pressing it puts the change back, refreshes the lists, and says where the creator is now, or why it could
 * not (someone changed the creator since, or it was already undone).
 */
export function useChangeToast(): (texts: ChangeToastTexts, undoable?: UndoableChange) => void {
  const { t } = useTranslation('admin');
  const statusName = useStatusName();
  const queryClient = useQueryClient();

  async function undo(creatorId: string, change: string) {
    try {
      const { creator } = await undoAndRefresh(queryClient, { creatorId, change });
      toast({ title: t('toast.undone'), description: t('toast.undoneStatus', { status: statusName(creator.status) }) });
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.undoFailed') });
    }
  }

  return (texts, undoable) => {
    const change = undoable?.change;
    toast({
      ...texts,
      ...(undoable && change
        ? { action: { label: t('toast.undo'), onClick: () => void undo(undoable.creatorId, change) } }
        : {}),
    });
  };
}

/** Product §4: "Status updated" naming the new status, after any button that moves a creator; with Undo. */
export function useStatusChangeToast(): (status: CreatorStatus, undoable?: UndoableChange) => void {
  const { t } = useTranslation('admin');
  const statusName = useStatusName();
  const announce = useChangeToast();
  return (status, undoable) =>
    announce(
      { title: t('toast.statusUpdated'), description: t('toast.statusChanged', { status: statusName(status) }) },
      undoable,
    );
}
