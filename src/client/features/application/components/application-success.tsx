import { ArrowRightIcon, CheckIcon, CopyIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { FormSuccess } from '#client/components/form/form-success.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { copyText } from '#client/lib/clipboard.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { ContactMethod } from '#shared/options.ts';
import { contactMethodLabel } from '../lib/option-labels.ts';

export interface ApplicationSuccessProps {
  /** Her reference: the Creator ID she quotes to the team. */
  creatorId: string;
  /** Her own page (`/me/{creatorId}?token=…`), when the server gave one. */
  pageUrl?: string | undefined;
  /** The channel the team will use, as she chose it. */
  contactMethod: ContactMethod;
  contactInfo: string;
  onStartOver: () => void;
}

/**
 * Product §2 success screen (its title, text and 'Submit New Application' kept), completed so she leaves knowing
 * where she stands (decision 051): her reference, what happens next and through which channel, and the link to
 * her own page; starting over is the secondary action.
 */
export function ApplicationSuccess({
  creatorId,
  pageUrl,
  contactMethod,
  contactInfo,
  onStartOver,
}: ApplicationSuccessProps) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  const channel = contactMethodLabel(t, contactMethod);

  return (
    <FormSuccess
      headingLevel="h3"
      title={t('application.success.title')}
      description={t('application.success.description')}
    >
      <div className="mt-6 w-full max-w-md rounded-xl border bg-muted/40 p-4 text-start">
        <p className="text-sm text-muted-foreground" id="application-reference-label">
          {t('application.success.reference')}
        </p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <output
            aria-labelledby="application-reference-label"
            className="font-mono text-xl font-semibold tracking-wide break-all"
            data-testid="application-reference"
          >
            {creatorId}
          </output>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void copyText(creatorId).then(setCopied)}
            aria-describedby="application-reference-label"
          >
            {isCopied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            <span aria-live="polite">{isCopied ? t('application.success.copied') : t('application.success.copy')}</span>
          </Button>
        </div>
        <p className="mt-2 text-sm text-muted-foreground">{t('application.success.quoteReference')}</p>
      </div>

      <section aria-labelledby="application-next-title" className="mt-6 w-full max-w-md text-start">
        <h4 id="application-next-title" className="font-semibold">
          {t('application.success.nextTitle')}
        </h4>
        <ol className="mt-2 list-decimal space-y-2 ps-5 text-sm text-muted-foreground marker:font-medium">
          <li>
            {t('application.success.nextContact', { channel })}{' '}
            <span className="font-medium text-foreground break-all">{contactInfo}</span>
          </li>
          <li>{t('application.success.nextStage2')}</li>
          <li>{t('application.success.nextListed')}</li>
        </ol>
      </section>

      {pageUrl && (
        <div className="mt-6 w-full max-w-md text-start">
          <a href={pageUrl} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            {t('application.success.openPage')}
            <ArrowRightIcon aria-hidden="true" className="rtl:rotate-180" />
          </a>
          <p className="mt-2 text-sm text-muted-foreground">{t('application.success.pageHint')}</p>
        </div>
      )}

      <Button variant="outline" size="lg" className="mt-6" onClick={onStartOver}>
        <RotateCcwIcon aria-hidden="true" />
        {t('application.success.newApplication')}
      </Button>
    </FormSuccess>
  );
}
