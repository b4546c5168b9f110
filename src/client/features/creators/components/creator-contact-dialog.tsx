import { MessageCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { useCreatorDetail } from '../api/get-creator-detail.ts';
import { CreatorDialogError, CreatorDialogLoading } from './creator-dialog-states.tsx';
import { CreatorMessagesSection } from './creator-messages-section.tsx';

/**
 * A row's or card's Contact (decision 060): her messages and the composer in a dialog of their own, so staff
 * working down a list reach her without the whole record.
 */
export function CreatorContactButton({
  creator,
  variant = 'icon',
}: {
  creator: Pick<Creator, 'creatorId' | 'name'>;
  variant?: 'icon' | 'text';
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const detail = useCreatorDetail(creator.creatorId, { enabled: open });
  // As every row action's name: the visible word first, then whose (WCAG 2.5.3, label in name).
  const label = t('actions.forCreator', {
    action: t('contact.action'),
    name: creator.name,
    creatorId: creator.creatorId,
  });
  return (
    <>
      {variant === 'icon' ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={label}
          title={t('contact.action')}
          onClick={() => setOpen(true)}
        >
          <MessageCircleIcon aria-hidden="true" />
        </Button>
      ) : (
        <Button variant="outline" size="sm" aria-label={label} onClick={() => setOpen(true)}>
          <MessageCircleIcon aria-hidden="true" />
          {t('contact.action')}
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-xl gap-4 p-4 sm:p-6">
          <DialogHeader>
            <DialogTitle className="[overflow-wrap:anywhere]">
              {t('contact.dialogTitle', { name: creator.name })}
            </DialogTitle>
            <DialogDescription>{t('contact.dialogDescription', { creatorId: creator.creatorId })}</DialogDescription>
          </DialogHeader>
          {detail.data ? (
            <CreatorMessagesSection creator={detail.data.creator} messages={detail.data.messages} />
          ) : detail.isError ? (
            <CreatorDialogError error={detail.error} onRetry={() => detail.refetch()} />
          ) : (
            <CreatorDialogLoading />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
