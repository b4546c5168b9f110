import { CopyIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { copyText } from '#client/lib/clipboard.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { MessagePurpose } from '#shared/message-templates.ts';
import type { BulkContactResult } from '#shared/replies/message-templates.ts';
import { useBulkContact, useContactCreator } from '../api/contact-creator.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { languageNameIn } from '../lib/creator-fields.ts';
import { CreatorPurposeSelect } from './creator-purpose-select.tsx';

type PreparedLink = BulkContactResult['links'][number];

/** One prepared link: opening it records the contact, as from her record. */
function LinkRow({ link, purpose }: { link: PreparedLink; purpose: MessagePurpose }) {
  const { t, i18n } = useTranslation('admin');
  const contact = useContactCreator();
  const [isOpened, setOpened] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-sm font-medium [overflow-wrap:anywhere]">{link.name}</p>
        <p className="text-xs text-muted-foreground">
          {link.creatorId} · {t(`contact.channels.${link.channel}`)} ·{' '}
          {languageNameIn(i18n.resolvedLanguage, link.language)}
        </p>
      </div>
      <a
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        data-channel={link.channel}
        aria-label={`${t(`contact.open.${link.channel}`)}: ${link.name}`}
        className={buttonVariants({ size: 'sm', variant: isOpened ? 'outline' : 'default' })}
        onClick={() => {
          if (link.channel === 'telegram') void copyText(link.text);
          setOpened(true);
          contact.mutate(
            { creatorId: link.creatorId, purpose, language: link.language, channel: link.channel },
            { onError: (error) => toastActionFailure(t, error, { failed: t('contact.failed') }) },
          );
        }}
      >
        {isOpened ? t('contact.bulk.opened') : t(`contact.open.${link.channel}`)}
      </a>
    </li>
  );
}

/**
 * Contact in bulk (decision 060): one template for the selected creators, each in the language she applied in.
 * It first says what will happen (e-mails the server sends, links to open, who cannot be reached); the e-mails
 * go out only on the second click, and each link is recorded as staff open it.
 */
export function CreatorBulkContactDialog({
  creatorIds,
  open,
  onOpenChange,
}: {
  creatorIds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const [purpose, setPurpose] = useState<MessagePurpose>('first_contact');
  const [prepared, setPrepared] = useState<BulkContactResult | null>(null);
  const bulk = useBulkContact();

  function run(send: boolean) {
    bulk.mutate(
      { creatorIds: [...creatorIds], purpose, send },
      {
        onSuccess: (result) => {
          setPrepared(result);
          if (result.sent) toast({ title: t('contact.bulk.sentToast', { amount: result.emails.length }) });
        },
        onError: (error) => toastActionFailure(t, error, { failed: t('contact.failed') }),
      },
    );
  }

  function close(next: boolean) {
    if (!next) setPrepared(null);
    onOpenChange(next);
  }

  async function copyAll(links: readonly PreparedLink[]) {
    const text = links.map((link) => `${link.name} (${link.creatorId}): ${link.href}`).join('\n');
    if (await copyText(text)) toast({ title: t('toast.copiedTitle'), description: t('toast.copied') });
    else toast({ variant: 'destructive', title: t('toast.copyFailedTitle'), description: t('toast.copyFailed') });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl gap-4 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{t('contact.bulk.title', { amount: creatorIds.length })}</DialogTitle>
          <DialogDescription>{t('contact.bulk.description')}</DialogDescription>
        </DialogHeader>
        <CreatorPurposeSelect
          value={purpose}
          onChange={(next) => {
            setPurpose(next);
            setPrepared(null);
          }}
        />
        {prepared && (
          <div className="grid max-h-[50vh] gap-3 overflow-y-auto" data-testid="bulk-contact-result">
            {prepared.emails.length > 0 && (
              <p className={`text-sm ${prepared.sent ? 'text-success' : ''}`}>
                <MailIcon className="me-1 inline size-4 align-text-bottom" aria-hidden="true" />
                {prepared.sent
                  ? t('contact.bulk.emailsSent', { amount: prepared.emails.length })
                  : t('contact.bulk.emailsToSend', { amount: prepared.emails.length })}
              </p>
            )}
            {prepared.links.length > 0 && (
              <section className="grid gap-2" aria-label={t('contact.bulk.linksLabel')}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">{t('contact.bulk.linksToOpen', { amount: prepared.links.length })}</p>
                  <Button size="sm" variant="outline" onClick={() => void copyAll(prepared.links)}>
                    <CopyIcon aria-hidden="true" />
                    {t('contact.bulk.copyAll')}
                  </Button>
                </div>
                <ol className="grid gap-2">
                  {prepared.links.map((link) => (
                    <LinkRow key={link.creatorId} link={link} purpose={purpose} />
                  ))}
                </ol>
              </section>
            )}
            {prepared.skipped.length > 0 && (
              <section className="grid gap-1 text-sm" aria-label={t('contact.bulk.skippedLabel')}>
                <p className="text-muted-foreground">
                  {t('contact.bulk.skipped', { amount: prepared.skipped.length })}
                </p>
                <ul className="grid gap-0.5 text-xs text-muted-foreground">
                  {prepared.skipped.map((skip) => (
                    <li key={skip.creatorId} className="[overflow-wrap:anywhere]">
                      {skip.name || skip.creatorId} ({skip.creatorId})
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('contact.bulk.close')}
          </Button>
          {!prepared ? (
            <Button disabled={bulk.isPending} onClick={() => run(false)}>
              {t('contact.bulk.prepare')}
            </Button>
          ) : (
            !prepared.sent &&
            prepared.emails.length > 0 && (
              <Button disabled={bulk.isPending} onClick={() => run(true)}>
                <MailIcon aria-hidden="true" />
                {t('contact.bulk.send', { amount: prepared.emails.length })}
              </Button>
            )
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
