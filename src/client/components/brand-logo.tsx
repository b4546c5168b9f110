import { useId } from 'react';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';

/** The brand's mark: drawn inline so it needs no request and scales crisply. */
export function BrandMark({ className }: { className?: string }) {
  // The mark appears in header and footer at once; each copy needs its own gradient id.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0 sm:size-9', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" className="[stop-color:var(--color-primary)]" />
          <stop offset="1" className="[stop-color:var(--color-accent)]" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M9 21.5 14.5 10l3.5 7 2-3.5 3 8z" fill="white" />
    </svg>
  );
}

/** Mark, product name and "Agency Network" (product §1), stacked so it fits beside the language menu on phones. */
export function BrandLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('flex min-w-0 items-center gap-2 sm:gap-2.5', className)}>
      <BrandMark />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="truncate text-lg font-bold tracking-tight text-foreground">{BRAND_NAME}</span>
        <span className="truncate text-[0.6875rem] font-semibold uppercase tracking-[0.08em] text-primary sm:tracking-[0.14em]">
          {t('brand.agencyNetwork')}
        </span>
      </span>
    </span>
  );
}
