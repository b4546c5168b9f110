import { LanguagesIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { type TemplateAddress, useRemoveTranslation } from '../api/change-message-template.ts';
import { languageNameIn } from '../lib/template-texts.ts';

/**
 * Removes a translation so that creators who applied in that language get the English text (decision 060).
 * Never offered for English, which every other language falls back to (the server refuses it).
 */
export function TemplateRemoveButton({ address, onRemoved }: { address: TemplateAddress; onRemoved?: () => void }) {
  const { t, i18n } = useTranslation('templates');
  const [isOpen, setIsOpen] = useState(false);
  const remove = useRemoveTranslation();
  const language = languageNameIn(i18n.language, address.language);

  async function confirm() {
    try {
      await remove.mutateAsync(address);
      setIsOpen(false);
      onRemoved?.();
      toast({ title: t('remove.done') });
    } catch (error) {
      toastFailure(error, { title: t('remove.failed') });
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setIsOpen(true)}>
        <LanguagesIcon aria-hidden="true" />
        {t('remove.action')}
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={t('remove.title', { language })}
        description={t('remove.description', { language })}
        confirmLabel={t('remove.confirm')}
        cancelLabel={t('cancel')}
        variant="destructive"
        isPending={remove.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
