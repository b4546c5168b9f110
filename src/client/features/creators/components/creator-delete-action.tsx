import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { CREATOR_ACTIONS } from '#shared/creator-actions.ts';
import { useDeleteCreator } from '../api/delete-creator.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { CreatorActionButton, type CreatorActionProps } from './creator-action-button.tsx';
import { CreatorDeleteDialog } from './creator-delete-dialog.tsx';

/** Delete (product §4/§9): permanent, so it asks first, and only an owner is offered it. */
export function CreatorDeleteAction({ creator, action, busy }: CreatorActionProps<'delete'>) {
  const { t, i18n } = useTranslation('admin');
  const deleteCreator = useDeleteCreator();
  // A reviewer is not offered the button the server would refuse.
  const mayRun = useCan(CREATOR_ACTIONS[action].permission);
  const [isOpen, setIsOpen] = useState(false);
  const { creatorId } = creator;

  async function remove() {
    let message: string;
    try {
      ({ message } = await busy.run('delete', () => deleteCreator.mutateAsync(creatorId)));
    } catch (error) {
      toastActionFailure(t, error, { failed: t('toast.deleteFailed'), network: t('toast.deleteNetworkError') });
      return;
    }
    setIsOpen(false);
    // Product §9 shows the server's message, which is English: other languages say the same in their own words.
    const isEnglish = i18n.resolvedLanguage === 'en';
    toast({
      title: t('toast.deleted'),
      description: (isEnglish && message) || t('toast.deletedFallback', { creatorId }),
    });
  }

  if (!mayRun) return null;
  return (
    <>
      <CreatorActionButton
        creator={creator}
        busy={busy}
        text={t('actions.delete')}
        variant="danger"
        icon={<Trash2Icon aria-hidden="true" />}
        onClick={() => setIsOpen(true)}
      />
      <CreatorDeleteDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        creatorId={creatorId}
        name={creator.name}
        isPending={busy.holder === 'delete'}
        onConfirm={remove}
      />
    </>
  );
}
