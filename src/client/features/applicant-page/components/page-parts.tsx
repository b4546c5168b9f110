import { ShieldCheckIcon } from 'lucide-react';
import { LinkNotice } from '#client/components/link-notice.tsx';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { useTranslation } from '#client/lib/i18n.ts';

/** Class names shared by her page's sections, so they line up on a phone and on a desktop. */
export const SECTION = 'rounded-2xl border bg-card p-5 shadow-xl shadow-primary/5 sm:p-8';
export const SECTION_HEADING = 'text-lg font-semibold tracking-tight sm:text-xl';

/** A date as her language writes it ('28 November 2026'). */
export function formatDay(iso: string | null, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}

export type PageNoticeKind = 'dead' | 'loadFailed';

/** One clear page for a link that does not work, whatever the reason, or a load that failed. */
export function PageNotice({ kind, onRetry }: { kind: PageNoticeKind; onRetry?: () => void }) {
  const { t } = useTranslation('me');
  return (
    <LinkNotice
      isLinkProblem={kind === 'dead'}
      title={t(`notice.${kind}.title`)}
      description={t(`notice.${kind}.description`, { brand: BRAND_NAME })}
      retry={onRetry && { label: t('notice.retry'), onRetry }}
      className={`${SECTION} py-10`}
    />
  );
}

/** After her erasure: nothing about her is left, and the page says so. */
export function ErasedNotice() {
  const { t } = useTranslation('me');
  return (
    <div role="status" className={`${SECTION} flex flex-col items-center py-10 text-center`}>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-secondary text-primary">
        <ShieldCheckIcon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{t('erased.title')}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t('erased.description', { brand: BRAND_NAME })}</p>
    </div>
  );
}
