import { CopyIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { copyText } from '../lib/clipboard.ts';

export interface CreatorStage2LinkDialogProps {
  /** The full link (origin + path), or null when closed. */
  url: string | null;
  expiresAt: string | null;
  onClose: () => void;
}

/** When the browser refuses the clipboard, the new link is shown here to copy by hand. */
export function CreatorStage2LinkDialog({ url, expiresAt, onClose }: CreatorStage2LinkDialogProps) {
  const { t, i18n } = useTranslation('admin');
  const expiry = expiresAt
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(expiresAt),
      )
    : null;

  async function copyAgain() {
    if (url && (await copyText(url))) toast({ title: t('toast.copiedTitle'), description: t('toast.copied') });
    else toast({ variant: 'destructive', title: t('toast.copyFailedTitle'), description: t('toast.copyFailed') });
  }

  return (
    <Dialog open={url !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('stage2Link.title')}</DialogTitle>
          <DialogDescription>{t('stage2Link.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="stage2-link">{t('stage2Link.label')}</Label>
          <Input id="stage2-link" readOnly value={url ?? ''} isCode onFocus={(event) => event.currentTarget.select()} />
          {expiry && <p className="text-sm text-muted-foreground">{t('stage2Link.expires', { date: expiry })}</p>}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={copyAgain}>
            <CopyIcon aria-hidden="true" />
            {t('stage2Link.copy')}
          </Button>
          <DialogClose asChild>
            <Button>{t('actions.done')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
