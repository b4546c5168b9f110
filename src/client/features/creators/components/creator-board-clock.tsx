import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { SLA_FILTERS, type SlaFilter } from '#shared/schemas/creator.ts';
import { type ListFilters, listFilterParams } from '#shared/schemas/list-filters.ts';
import { creatorsByStatusQueryOptions } from '../api/get-creators-by-status.ts';

const LOOKS = {
  due: 'bg-amber-100 text-amber-900 ring-amber-600/25 hover:bg-amber-200',
  overdue: 'bg-red-100 text-red-900 ring-red-600/25 hover:bg-red-200',
} as const satisfies Record<SlaFilter, string>;

/**
 * The pending column's response clock (decision 025) under the board's filters: how many wait 24–48 hours and
 * how many longer, each a link to that pending list. With "mine" it is one's own due and overdue work. Nothing
 * shows while nobody waits that long.
 */
export function CreatorBoardClock({ filters }: { filters: ListFilters }) {
  const { t, i18n } = useTranslation('admin');
  const number = new Intl.NumberFormat(i18n.language);
  const due = useQuery(creatorsByStatusQueryOptions({ status: 'pending', start: 'first', q: '', sla: 'due', filters }));
  const overdue = useQuery(
    creatorsByStatusQueryOptions({ status: 'pending', start: 'first', q: '', sla: 'overdue', filters }),
  );
  const counts = { due: due.data, overdue: overdue.data };
  const shown = SLA_FILTERS.filter((sla) => (counts[sla]?.total ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <p className="flex w-full flex-wrap gap-1.5" data-slot="column-clock">
      {shown.map((sla) => {
        const page = counts[sla];
        const count = `${number.format(page?.total ?? 0)}${page?.totalIsExact === false ? '+' : ''}`;
        const query = new URLSearchParams({ sla, ...listFilterParams(filters) });
        return (
          <Link
            key={sla}
            href={`/admin/creators/pending?${query}`}
            title={t(sla === 'due' ? 'sla.dueHint' : 'sla.overdueHint')}
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
              'focus-visible:outline-2 focus-visible:outline-ring',
              LOOKS[sla],
            )}
          >
            {t('board.clock', { value: count, state: t(sla === 'due' ? 'sla.due' : 'sla.overdue') })}
          </Link>
        );
      })}
    </p>
  );
}
