import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';

export interface CreatorStage2LinkDatesProps {
  creator: Pick<Creator, 'stage2LinkSentAt' | 'stage2LinkExpiresAt'>;
  /** The moment expiry is judged against, taken when the list was read. */
  now?: number;
  /** The details give the hour too; lists keep to the day, to stay narrow. */
  withTime?: boolean;
  /** How the two lines sit; stacked unless said (cn does not merge conflicting classes). */
  className?: string;
}

/**
 * When her current stage-2 link was sent and when it stops working (or did), in the admin's language, so a
 * link about to lapse is seen before she reports it dead. Nothing when she has no link.
 */
export function CreatorStage2LinkDates({
  creator,
  now = Date.now(),
  withTime = false,
  className = 'grid gap-0.5',
}: CreatorStage2LinkDatesProps) {
  const { t, i18n } = useTranslation('admin');
  const { stage2LinkSentAt: sentAt, stage2LinkExpiresAt: expiresAt } = creator;
  if (!expiresAt) return null;
  const format = new Intl.DateTimeFormat(
    i18n.resolvedLanguage,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  );
  const isExpired = Date.parse(expiresAt) <= now;
  return (
    <span className={cn('whitespace-normal text-xs text-muted-foreground', className)} data-testid="stage2-link-dates">
      {sentAt && <span>{t('stage2Link.sentOn', { date: format.format(new Date(sentAt)) })}</span>}
      <span className={isExpired ? 'font-medium text-destructive' : undefined}>
        {t(isExpired ? 'stage2Link.expiredOn' : 'stage2Link.expiresOn', { date: format.format(new Date(expiresAt)) })}
      </span>
    </span>
  );
}
