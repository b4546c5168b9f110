import { ArrowLeftIcon, DownloadIcon, RefreshCwIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { useAdminRecruiters } from '#client/lib/admin-recruiters.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { FIRST_PAGE, movePage, type PageMove, type PagePosition, pageStartOf } from '#client/lib/page-position.ts';
import { useRowKeys } from '#client/lib/use-row-keys.ts';
import { listingsExportUrl, useRecruiterListings } from '../api/get-recruiter-listings.ts';
import type { ListingsFilter } from '../api/query-keys.ts';
import { RecruiterListingsFilter } from './recruiter-listings-filter.tsx';
import { RecruiterListingsPagination } from './recruiter-listings-pagination.tsx';
import { ListingsCards, type ListingsCreatorSlots, ListingsTable } from './recruiter-listings-views.tsx';
import { ListSkeleton, Panel, PanelMessage } from './recruiter-panel.tsx';

export interface RecruiterListingsProps extends ListingsCreatorSlots {
  recruiterId: string;
  status: ListingsFilter;
  onStatusChange: (status: ListingsFilter) => void;
  /** The page shown; the route keeps it in the address with the filter. */
  position: PagePosition;
  /** `replace` swaps the address entry instead of adding one (a page that cannot be shown). */
  onPositionChange: (position: PagePosition, options?: { replace?: boolean }) => void;
  backHref: string;
}

function BackLink({ href }: { href: string }) {
  const { t } = useTranslation('recruiters');
  return (
    <Link href={href} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ms-3 w-fit' })}>
      <ArrowLeftIcon className="rtl:rotate-180" aria-hidden="true" />
      {t('listings.back')}
    </Link>
  );
}

/**
 * Product §2 'Listings — {name}': the recruiter's applications with a status filter, 'Showing: N of M
 * applications' (N those the filter lets through, on every page; M every status), the status pill, the creator
 * row actions, and the pages beneath.
 */
export function RecruiterListings({
  recruiterId,
  status,
  onStatusChange,
  position,
  onPositionChange,
  backHref,
  ...slots
}: RecruiterListingsProps) {
  const { t } = useTranslation('recruiters');
  const { t: tCommon } = useTranslation();
  const recruiters = useAdminRecruiters();
  const listings = useRecruiterListings(recruiterId, status, pageStartOf(position));
  // A cursor the server refuses cannot be retried: the way out is the first page.
  const isBadCursor = position.at === 'cursor' && isApiError(listings.error) && listings.error.status === 400;
  useEffect(() => {
    if (isBadCursor) onPositionChange(FIRST_PAGE, { replace: true });
  }, [isBadCursor, onPositionChange]);
  // j/k and Enter move through the rows and open one's details, as on the status pages (decision 036).
  const listRef = useRef<HTMLDivElement>(null);
  const rowsShown = listings.data?.listings;
  const { onViewDetails } = slots;
  const openDetails = useCallback(
    (creatorId: string) => {
      const creator = rowsShown?.find((candidate) => candidate.creatorId === creatorId);
      if (creator) onViewDetails?.(creator);
    },
    [rowsShown, onViewDetails],
  );
  useRowKeys(listRef, openDetails);
  const recruiter = recruiters.data?.find((candidate) => candidate.id === recruiterId);
  const isGone =
    (recruiters.isSuccess && !recruiter) || (isApiError(listings.error) && listings.error.code === 'NOT_FOUND');

  if (isGone) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-4">
        <BackLink href={backHref} />
        <Panel heading={t('listings.notFoundTitle')}>
          <PanelMessage message={t('listings.notFound')} />
        </Panel>
      </div>
    );
  }

  let body: ReactNode;
  if (listings.isPending) body = <ListSkeleton label={t('listings.loading')} rows={4} />;
  else if (listings.isError)
    body = (
      <PanelMessage tone="error" message={t('listings.loadFailed')}>
        <Button variant="outline" size="sm" onClick={() => void listings.refetch()} disabled={listings.isFetching}>
          <RefreshCwIcon aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </PanelMessage>
    );
  else if (listings.data.listings.length === 0)
    body = (
      <PanelMessage
        message={
          listings.data.totalCount === 0 || status === 'all'
            ? t('listings.empty')
            : t('listings.emptyFiltered', { status: tCommon(`status.${status}`) })
        }
      />
    );
  else {
    const page = listings.data;
    const move = (to: PageMove) => onPositionChange(movePage(position, page, to));
    body = (
      <>
        <div
          ref={listRef}
          aria-busy={listings.isPlaceholderData || undefined}
          className={cn('transition-opacity', listings.isPlaceholderData && 'opacity-60')}
        >
          <ListingsTable listings={page.listings} slots={slots} />
          <ListingsCards listings={page.listings} slots={slots} />
        </div>
        {(page.prev !== null || page.next !== null) && (
          <div className="border-t p-4 sm:px-6">
            <RecruiterListingsPagination
              position={position}
              page={page}
              isBusy={listings.isPlaceholderData}
              onMove={move}
            />
          </div>
        )}
      </>
    );
  }

  const shown = listings.data && !listings.isPlaceholderData ? listings.data.total : undefined;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <BackLink href={backHref} />
      <Panel
        heading={t('listings.title', { name: recruiter?.name ?? '…' })}
        description={
          <span aria-live="polite">
            {shown === undefined || !listings.data
              ? '\u00a0'
              : t('listings.showing', { shown, count: listings.data.totalCount })}
          </span>
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <RecruiterListingsFilter value={status} onChange={onStatusChange} />
            {/* A plain download of the filtered listings: the browser saves the streamed file itself. */}
            <a
              href={listingsExportUrl(recruiterId, status)}
              download
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <DownloadIcon aria-hidden="true" />
              {t('listings.export')}
            </a>
          </div>
        }
      >
        {listings.data && !listings.isPlaceholderData && slots.renderBulkBar && (
          // Empty (nothing selected), the strip takes no room.
          <div className="border-b p-4 empty:hidden sm:px-6">
            {slots.renderBulkBar({ total: listings.data.total, totalIsExact: listings.data.totalIsExact })}
          </div>
        )}
        {body}
      </Panel>
    </div>
  );
}
