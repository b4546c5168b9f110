import { LinkIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { useTranslation } from '#client/lib/i18n.ts';

export type Stage2NoticeKind = 'incomplete' | 'dead' | 'loadFailed';

/**
 * Why the form cannot be shown and what to do about it: an incomplete link (product §5), a dead one (wrong,
 * expired, replaced or closed: architecture §4), or a load that failed for another reason.
 */
export function Stage2Notice({ kind, onRetry }: { kind: Stage2NoticeKind; onRetry?: () => void }) {
  const { t } = useTranslation('stage2');
  const icon: ReactNode =
    kind === 'loadFailed' ? (
      <TriangleAlertIcon className="size-8" aria-hidden="true" />
    ) : (
      <LinkIcon className="size-8" aria-hidden="true" />
    );
  return (
    <div role="alert" className="flex flex-col items-center py-6 text-center sm:py-10">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        {icon}
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{t(`notice.${kind}.title`)}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t(`notice.${kind}.description`, { brand: BRAND_NAME })}</p>
      {onRetry && (
        <Button className="mt-8" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          {t('notice.retry')}
        </Button>
      )}
    </div>
  );
}
