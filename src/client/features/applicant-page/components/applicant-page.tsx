import { LoaderCircleIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { isApiError } from '#client/lib/api-client.ts';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { ApplicantPage } from '#shared/replies/applicant-page.ts';
import { type PageLink, useApplicantPage } from '../api/applicant-page.ts';
import { ApplicantActions } from './applicant-actions.tsx';
import { ApplicantTimeline, AskedOfHer } from './applicant-timeline.tsx';
import { ErasedNotice, formatDay, PageNotice } from './page-parts.tsx';

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-64 items-center justify-center gap-3 text-sm text-muted-foreground">
      <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
      {label}
    </div>
  );
}

function PageHeader({ page }: { page: ApplicantPage }) {
  const { t, i18n } = useTranslation('me');
  return (
    <header className="text-center">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {t('title', { brand: BRAND_NAME })}
      </h1>
      <p className="mt-3 text-lg font-medium">{t('greeting', { name: page.name })}</p>
      <p className="mx-auto mt-2 max-w-xl text-sm text-muted-foreground">{t('intro')}</p>
      <div className="mx-auto mt-6 flex max-w-xl flex-col gap-2 rounded-xl border bg-secondary/50 p-4 text-start sm:flex-row sm:items-end sm:justify-between">
        <dl className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('creatorId')}</dt>
          <dd className="mt-1 font-mono text-base font-semibold tracking-wide break-all">{page.creatorId}</dd>
        </dl>
        <p className="text-sm text-muted-foreground">
          {t('appliedOn', { date: formatDay(page.appliedAt, i18n.language) })}
        </p>
      </div>
    </header>
  );
}

function LinkedPage({ link }: { link: PageLink }) {
  const { t } = useTranslation('me');
  const query = useApplicantPage(link);
  const [outcome, setOutcome] = useState<'open' | 'dead' | 'erased'>('open');

  if (outcome === 'erased') return <ErasedNotice />;
  if (outcome === 'dead' || (isApiError(query.error) && query.error.status === 404)) return <PageNotice kind="dead" />;
  if (query.isError) return <PageNotice kind="loadFailed" onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading label={t('loading')} />;
  const page = query.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <div className="lg:col-span-2">
        <PageHeader page={page} />
      </div>
      <ApplicantTimeline page={page} />
      <div className="grid gap-6">
        <AskedOfHer page={page} />
        <ApplicantActions
          link={link}
          page={page}
          onLinkDead={() => setOutcome('dead')}
          onErased={() => {
            setOutcome('erased');
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    </div>
  );
}

/**
 * Her own page (decision 047): where her application stands, what is asked of her, and her three actions. Its
 * texts are a namespace of their own, loaded with the screen, so nothing shows in English first.
 */
export function ApplicantPageScreen({ creatorId, token }: { creatorId: string | undefined; token: string | null }) {
  const { t, ready } = useTranslation('me');
  const common = useTranslation();
  useDocumentTitle(ready ? t('title', { brand: BRAND_NAME }) : null, { isSiteTitle: true });
  let content: ReactNode;
  if (!ready) content = <Loading label={common.t('common.loading')} />;
  else if (!creatorId || !token) content = <PageNotice kind="dead" />;
  else content = <LinkedPage link={{ creatorId, token }} />;
  return <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">{content}</div>;
}
