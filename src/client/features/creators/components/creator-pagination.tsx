import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

export interface CreatorPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  isDisabled?: boolean;
}

/** Previous/Next with 'Page N of M' and the total (server paging, 50 a page). */
export function CreatorPagination({ page, pageSize, total, onPageChange, isDisabled = false }: CreatorPaginationProps) {
  const { t } = useTranslation('admin');
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={t('list.pagination')}
      className="flex flex-col items-center justify-between gap-3 text-sm text-muted-foreground sm:flex-row"
    >
      <p>{t('list.total', { count: total })}</p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={isDisabled || page <= 1}>
          <ChevronLeftIcon className="rtl:rotate-180" aria-hidden="true" />
          {t('list.previous')}
        </Button>
        <span className="tabular-nums" aria-current="page">
          {t('list.pageOf', { page, pageCount })}
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={isDisabled || page >= pageCount}
        >
          {t('list.next')}
          <ChevronRightIcon className="rtl:rotate-180" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
