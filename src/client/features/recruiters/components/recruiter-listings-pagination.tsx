import { ListPagination } from '#client/components/list-pagination.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { type PageMove, type PagePosition, pageLabelOf } from '#client/lib/page-position.ts';
import type { RecruiterListingsPage } from '#shared/replies/recruiters.ts';

export interface RecruiterListingsPaginationProps {
  position: PagePosition;
  page: RecruiterListingsPage;
  onMove: (move: PageMove) => void;
  isBusy?: boolean;
}

/**
 * First, Previous, Next and Last beneath a recruiter's listings. Their total is always exact, so every page
 * has its 'N of M'; how many there are is already in the panel's 'Showing: N of M'.
 */
export function RecruiterListingsPagination({
  position,
  page,
  onMove,
  isBusy = false,
}: RecruiterListingsPaginationProps) {
  const { t } = useTranslation('recruiters');
  const label = pageLabelOf(position, page);
  return (
    <ListPagination
      texts={{
        label: t('listings.pages.label'),
        first: t('listings.pages.first'),
        previous: t('listings.pages.previous'),
        next: t('listings.pages.next'),
        last: t('listings.pages.last'),
        position:
          label?.kind === 'of' ? t('listings.pages.pageOf', { page: label.page, pageCount: label.pageCount }) : null,
      }}
      hasPrevious={page.prev !== null}
      hasNext={page.next !== null}
      isBusy={isBusy}
      onMove={onMove}
    />
  );
}
