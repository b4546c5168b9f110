import { CopyIcon, HourglassIcon, UserRoundIcon } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { formatWaiting, waitingHours, waitingLevel } from '../lib/waiting.ts';

const PILL =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** Another creator shares this one's contact or photo (docs/decisions/025); the details dialog says which. */
export function CreatorDuplicateBadge({ creator }: { creator: Pick<Creator, 'hasDuplicates'> }) {
  const { t } = useTranslation('admin');
  if (!creator.hasDuplicates) return null;
  return (
    <span data-slot="duplicate-badge" className={cn(PILL, 'bg-orange-100 text-orange-800 ring-orange-600/20')}>
      <CopyIcon className="size-3" aria-hidden="true" />
      {t('duplicates.badge')}
    </span>
  );
}

const WAITING_LOOKS = {
  none: { tone: 'bg-muted text-muted-foreground ring-border', text: 'sla.waiting' },
  due: { tone: 'bg-amber-100 text-amber-800 ring-amber-600/20', text: 'sla.waitingDue' },
  overdue: { tone: 'bg-red-100 text-red-800 ring-red-600/20', text: 'sla.waitingOverdue' },
} as const;

/** How long a pending creator has waited for a first staff action; nothing once someone has acted. */
export function CreatorWaitingBadge({
  creator,
  now,
}: {
  creator: Pick<Creator, 'status' | 'createdAt' | 'firstStaffActionAt'>;
  now: number;
}) {
  const { t, i18n } = useTranslation('admin');
  const hours = waitingHours(creator, now);
  if (hours === null) return null;
  const level = waitingLevel(hours) ?? 'none';
  const look = WAITING_LOOKS[level];
  return (
    <span data-slot="waiting-badge" data-level={level} className={cn(PILL, look.tone)}>
      <HourglassIcon className="size-3" aria-hidden="true" />
      {t(look.text, { time: formatWaiting(hours, i18n.resolvedLanguage) })}
    </span>
  );
}

/** Whose creator she is (decision 063); nothing while she is nobody's. */
export function CreatorAssigneeBadge({ creator }: { creator: Pick<Creator, 'assignee'> }) {
  const { t } = useTranslation('admin');
  if (!creator.assignee) return null;
  return (
    <span
      data-slot="assignee-badge"
      title={t('assign.assignee')}
      className={cn(PILL, 'w-fit max-w-full bg-sky-50 text-sky-800 ring-sky-600/20')}
    >
      <UserRoundIcon className="size-3 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t('assign.assignee')}: </span>
      <span className="truncate">{creator.assignee}</span>
    </span>
  );
}
