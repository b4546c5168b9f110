import { LinkNotice } from '#client/components/link-notice.tsx';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { useTranslation } from '#client/lib/i18n.ts';

export type Stage2NoticeKind = 'incomplete' | 'dead' | 'loadFailed';

/**
 * Why the form cannot be shown and what to do about it: an incomplete link (product §5), a dead one (wrong,
 * expired, replaced or closed: architecture §4), or a load that failed for another reason.
 */
export function Stage2Notice({ kind, onRetry }: { kind: Stage2NoticeKind; onRetry?: () => void }) {
  const { t } = useTranslation('stage2');
  return (
    <LinkNotice
      isLinkProblem={kind !== 'loadFailed'}
      title={t(`notice.${kind}.title`)}
      description={t(`notice.${kind}.description`, { brand: BRAND_NAME })}
      retry={onRetry && { label: t('notice.retry'), onRetry }}
      className="py-6 sm:py-10"
    />
  );
}
