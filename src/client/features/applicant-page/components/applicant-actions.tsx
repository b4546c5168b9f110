import { DownloadIcon, Trash2Icon, UndoIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverReason, useMessageText } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import type { ApplicantPage } from '#shared/replies/applicant-page.ts';
import { dataZipHref, type PageLink, useErase, useWithdraw } from '../api/applicant-page.ts';
import { formatDay, SECTION, SECTION_HEADING } from './page-parts.tsx';

interface ActionsProps {
  link: PageLink;
  page: ApplicantPage;
  /** A call found the link dead (revoked or erased meanwhile). */
  onLinkDead: () => void;
  onErased: () => void;
}

/** Her typed Creator ID is compared as the server compares it: any letter case, with or without the dash. */
const compact = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

/** One action: its words and its control, side by side where the section spans the page, stacked in the desktop column. */
function Action({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 border-t pt-5 first:border-t-0 first:pt-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6 lg:flex-col lg:items-start lg:gap-3">
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="shrink-0">{children}</div>
    </li>
  );
}

/** Her three actions (decision 047): take her data, withdraw (asked first), erase (confirmed by typing). */
export function ApplicantActions({ link, page, onLinkDead, onErased }: ActionsProps) {
  const { t, i18n } = useTranslation('me');
  const messageText = useMessageText();
  const withdraw = useWithdraw(link);
  const erase = useErase(link);
  const [asking, setAsking] = useState<'withdraw' | 'erase' | null>(null);
  const [typed, setTyped] = useState('');
  const typedId = useId();

  function failed(error: unknown, fallback: string) {
    if (isApiError(error) && error.status === 404) return onLinkDead();
    toast({ variant: 'destructive', title: messageText(serverReason(error)) ?? fallback });
  }

  async function runWithdraw() {
    try {
      await withdraw.mutateAsync();
      setAsking(null);
      toast({ title: t('actions.withdraw.done') });
    } catch (error) {
      setAsking(null);
      failed(error, t('actions.withdraw.failed'));
    }
  }

  async function runErase() {
    try {
      await erase.mutateAsync(typed);
      setAsking(null);
      onErased();
    } catch (error) {
      if (isApiError(error) && error.status === 404) setAsking(null);
      failed(error, t('actions.erase.failed'));
    }
  }

  return (
    <section aria-labelledby="actions-heading" className={SECTION}>
      <h2 id="actions-heading" className={SECTION_HEADING}>
        {t('actions.heading')}
      </h2>
      <ul className="mt-6 grid gap-5">
        <Action title={t('actions.download.label')} description={t('actions.download.description')}>
          <a
            href={dataZipHref(link)}
            download={`${page.creatorId}-data.zip`}
            rel="noreferrer"
            className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-auto' })}
          >
            <DownloadIcon aria-hidden="true" />
            {t('actions.download.label')}
          </a>
        </Action>
        {page.canWithdraw && (
          <Action title={t('actions.withdraw.label')} description={t('actions.withdraw.description')}>
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => setAsking('withdraw')}>
              <UndoIcon aria-hidden="true" />
              {t('actions.withdraw.label')}
            </Button>
          </Action>
        )}
        <Action title={t('actions.erase.label')} description={t('actions.erase.description')}>
          <Button
            variant="danger"
            className="w-full border border-destructive/40 sm:w-auto"
            onClick={() => {
              setTyped('');
              setAsking('erase');
            }}
          >
            <Trash2Icon aria-hidden="true" />
            {t('actions.erase.label')}
          </Button>
        </Action>
      </ul>
      {page.linkExpiresAt && (
        <p className="mt-6 text-xs text-muted-foreground">
          {t('actions.linkUntil', { date: formatDay(page.linkExpiresAt, i18n.language) })}
        </p>
      )}

      <ConfirmDialog
        open={asking === 'withdraw'}
        onOpenChange={(open) => setAsking(open ? 'withdraw' : null)}
        title={t('actions.withdraw.title')}
        description={t('actions.withdraw.confirmDescription')}
        confirmLabel={t('actions.withdraw.confirm')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        isPending={withdraw.isPending}
        onConfirm={() => void runWithdraw()}
      />
      <ConfirmDialog
        open={asking === 'erase'}
        onOpenChange={(open) => setAsking(open ? 'erase' : null)}
        title={t('actions.erase.title')}
        description={t('actions.erase.confirmDescription')}
        confirmLabel={t('actions.erase.confirm')}
        cancelLabel={t('actions.cancel')}
        confirmIcon={<Trash2Icon aria-hidden="true" />}
        variant="destructive"
        isPending={erase.isPending}
        isConfirmDisabled={compact(typed) !== compact(page.creatorId)}
        onConfirm={() => void runErase()}
      >
        <div className="grid gap-2">
          <Label htmlFor={typedId}>{t('actions.erase.typeLabel', { creatorId: page.creatorId })}</Label>
          <Input
            id={typedId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
