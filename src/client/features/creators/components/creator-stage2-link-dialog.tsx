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
import { copyText } from '#client/lib/clipboard.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { RowCreator } from './creator-action-button.tsx';
import { CreatorStage2Channels } from './creator-stage2-channels.tsx';

/** A link just made, as the dialog shows it. */
export interface ShownStage2Link {
  /** The full link (origin + path). */
  url: string;
  expiresAt: string;
  /** It went to the clipboard on its own; otherwise the dialog says to copy it by hand. */
  isCopied: boolean;
  /** The server is also e-mailing it to her. */
  isEmailed: boolean;
}

export interface CreatorStage2LinkDialogProps {
  creator: RowCreator;
  /** The link just made, or null when closed. */
  link: ShownStage2Link | null;
  onClose: () => void;
}

/**
 * After every new link: the link itself (copied already, or to copy by hand when the browser refused), when
 * it expires, and one tap to send it to her through the contact she chose.
 */
export function CreatorStage2LinkDialog({ creator, link, onClose }: CreatorStage2LinkDialogProps) {
  const { t, i18n } = useTranslation('admin');
  const url = link?.url ?? null;
  const expiresAt = link?.expiresAt ?? null;
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
          <DialogDescription>
            {link?.isCopied ? t('stage2Link.descriptionCopied', { name: creator.name }) : t('stage2Link.description')}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="stage2-link">{t('stage2Link.label')}</Label>
          <Input id="stage2-link" readOnly value={url ?? ''} isCode onFocus={(event) => event.currentTarget.select()} />
          {expiry && <p className="text-sm text-muted-foreground">{t('stage2Link.expires', { date: expiry })}</p>}
        </div>
        {link && <CreatorStage2Channels creator={creator} url={link.url} isEmailed={link.isEmailed} />}
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
