import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { DEFAULT_TEMPLATES } from '#shared/message-templates.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';
import { type TemplateAddress, useResetTemplate } from '../api/change-message-template.ts';
import { languageNameIn } from '../lib/template-texts.ts';

/**
 * Puts one template back to the text shipped with the product (DELETE), after showing that text: "Reset to
 * default" over the owners' wording, "Restore the translation" where English was sent in its place.
 */
export function TemplateResetButton({
  address,
  mode,
  onReset,
}: {
  address: TemplateAddress;
  mode: 'reset' | 'restore';
  onReset?: (template: MessageTemplate) => void;
}) {
  const { t, i18n } = useTranslation('templates');
  const [isOpen, setIsOpen] = useState(false);
  const reset = useResetTemplate();
  const shipped = DEFAULT_TEMPLATES[address.purpose][address.language];
  const language = languageNameIn(i18n.language, address.language);

  async function confirm() {
    try {
      const template = await reset.mutateAsync(address);
      setIsOpen(false);
      onReset?.(template);
      toast({ title: t(`${mode}.done`) });
    } catch (error) {
      toastFailure(error, { title: t(`${mode}.failed`) });
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setIsOpen(true)}>
        <RotateCcwIcon aria-hidden="true" />
        {t(`${mode}.action`)}
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={t(`${mode}.title`, { language })}
        description={t(`${mode}.description`, { language })}
        confirmLabel={t(`${mode}.confirm`)}
        cancelLabel={t('cancel')}
        isPending={reset.isPending}
        onConfirm={() => void confirm()}
      >
        <div
          lang={address.language}
          data-testid="shipped-text"
          className="grid max-h-64 gap-2 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm"
        >
          <p className="font-semibold break-words">{shipped.subject}</p>
          <p className="whitespace-pre-wrap break-words">{shipped.body}</p>
        </div>
      </ConfirmDialog>
    </>
  );
}
