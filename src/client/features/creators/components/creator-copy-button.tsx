import { CopyIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { copyText } from '#client/lib/clipboard.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';

/** Copies one value with the spec's 'Copied!' toast; `label` names what is copied for screen readers. */
export function CreatorCopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('admin');
  async function copy() {
    if (await copyText(value)) toast({ title: t('toast.copiedTitle'), description: t('toast.copied') });
    else toast({ variant: 'destructive', title: t('toast.copyFailedTitle'), description: t('toast.copyFailed') });
  }
  return (
    <Button
      variant="subtle"
      size="icon-xs"
      aria-label={t('actions.copyField', { label })}
      title={t('actions.copy')}
      onClick={copy}
    >
      <CopyIcon className="size-3.5" aria-hidden="true" />
    </Button>
  );
}
