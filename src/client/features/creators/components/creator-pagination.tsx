import { ListPagination } from '#client/components/list-pagination.tsx';
import { type TFunction, useTranslation } from '#client/lib/i18n.ts';
import { type PageLabel, type PageMove, type PagePosition, pageLabelOf } from '#client/lib/page-position.ts';
import type { CreatorPage } from '#shared/replies/creators.ts';

export interface CreatorPaginationProps {
  position: PagePosition;
  page: CreatorPage;
  onMove: (move: PageMove) => void;
  isBusy?: boolean;
}

function positionText(t: TFunction<'admin'>, label: PageLabel): string {
  switch (label.kind) {
    case 'of':
      return t('list.pageOf', { page: label.page, pageCount: label.pageCount });
    case 'from-start':
      return t('list.page', { page: label.page });
    case 'from-end':
      return label.page === 1 ? t('list.lastPage') : t('list.pageFromEnd', { page: label.page });
  }
}

/**
 * First, Previous, Next and Last with the page and the total. A search counts only so far (the server stops
 * counting rather than read every match): its total then reads as 'at least', and its pages have no count.
 */
export function CreatorPagination({ position, page, onMove, isBusy = false }: CreatorPaginationProps) {
  const { t } = useTranslation('admin');
  const label = pageLabelOf(position, page);
  return (
    <ListPagination
      texts={{
        label: t('list.pagination'),
        first: t('list.first'),
        previous: t('list.previous'),
        next: t('list.next'),
        last: t('list.last'),
        position: label && positionText(t, label),
        total: t(page.totalIsExact ? 'list.total' : 'list.totalAtLeast', { count: page.total }),
      }}
      hasPrevious={page.prev !== null}
      hasNext={page.next !== null}
      isBusy={isBusy}
      onMove={onMove}
    />
  );
}
