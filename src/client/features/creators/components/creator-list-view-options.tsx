import { ArrowDownWideNarrowIcon, ArrowUpNarrowWideIcon, FilterXIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { CREATOR_SORTS, type CreatorSort, SLA_FILTERS, type SlaFilter } from '#shared/schemas/creator.ts';

const SORT_LOOKS = {
  newest: { icon: ArrowDownWideNarrowIcon, text: 'sla.sortNewest' },
  oldest: { icon: ArrowUpNarrowWideIcon, text: 'sla.sortOldest' },
} as const satisfies Record<CreatorSort, unknown>;

const SHOWING = { due: 'sla.showingDue', overdue: 'sla.showingOverdue' } as const satisfies Record<SlaFilter, string>;

/** The list's order: newest first, or oldest first, so those waiting longest come on top (docs/decisions/025). */
export function CreatorSortToggle({ value, onChange }: { value: CreatorSort; onChange: (sort: CreatorSort) => void }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="flex flex-wrap items-center gap-1">
      <legend className="sr-only">{t('sla.sortLabel')}</legend>
      {CREATOR_SORTS.map((sort) => {
        const { icon: Icon, text } = SORT_LOOKS[sort];
        return (
          <Button
            key={sort}
            type="button"
            size="sm"
            variant={value === sort ? 'secondary' : 'ghost'}
            aria-pressed={value === sort}
            onClick={() => onChange(sort)}
          >
            <Icon aria-hidden="true" />
            {t(text)}
          </Button>
        );
      })}
    </fieldset>
  );
}

/** Says the pending list shows only the due or overdue creators, with the way back to all of them. */
export function CreatorSlaFilterNotice({ sla, onClear }: { sla: SlaFilter; onClear: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm"
    >
      <span>{t(SHOWING[sla])}</span>
      <Button type="button" size="sm" variant="ghost" onClick={onClear}>
        <FilterXIcon aria-hidden="true" />
        {t('sla.showAll')}
      </Button>
    </div>
  );
}

/** `?sort=` and `?sla=` as the address holds them; anything unknown is the default. */
export function readListView(params: URLSearchParams): { sort: CreatorSort; sla: SlaFilter | undefined } {
  const sort = params.get('sort');
  const sla = params.get('sla');
  return {
    sort: (CREATOR_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CreatorSort) : 'newest',
    sla: (SLA_FILTERS as readonly string[]).includes(sla ?? '') ? (sla as SlaFilter) : undefined,
  };
}
