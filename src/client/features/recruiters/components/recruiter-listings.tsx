import { ArrowLeftIcon, DownloadIcon, EyeIcon, HistoryIcon, RefreshCwIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { StatusPill } from '#client/components/ui/status-pill.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { FIRST_PAGE, movePage, type PageMove, type PagePosition, pageStartOf } from '#client/lib/page-position.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { useAdminRecruiters } from '../api/get-admin-recruiters.ts';
import { listingsExportUrl, useRecruiterListings } from '../api/get-recruiter-listings.ts';
import type { ListingsFilter } from '../api/query-keys.ts';
import { contactMethodText, formatListingDate } from '../lib/format.ts';
import { RecruiterListingsFilter } from './recruiter-listings-filter.tsx';
import { RecruiterListingsPagination } from './recruiter-listings-pagination.tsx';
import { ListSkeleton, Panel, PanelMessage } from './recruiter-panel.tsx';

/**
 * What the listings need from other features (the creator row actions and dialogs); the route supplies them,
 * since client features never import each other (architecture §9.1).
 */
export interface ListingsCreatorSlots {
  renderRowActions?: (creator: Creator) => ReactNode;
  onViewDetails?: (creator: Creator) => void;
  onViewLog?: (creator: Creator) => void;
  /** A row's checkbox and the page's, for the bulk actions. */
  renderSelect?: (creator: Creator) => ReactNode;
  renderSelectPage?: (creators: readonly Creator[]) => ReactNode;
  /** The bulk action bar, given the list's size. */
  renderBulkBar?: (list: { total: number; totalIsExact: boolean }) => ReactNode;
}

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

function ViewButtons({
  creator,
  slots,
  isCompact,
}: {
  creator: Creator;
  slots: ListingsCreatorSlots;
  isCompact: boolean;
}) {
  const { t } = useTranslation('recruiters');
  const { onViewDetails, onViewLog } = slots;
  const { creatorId } = creator;
  // In the table the buttons are icons, on cards they are spelled out (product §2); either way their names add
  // the Creator ID after the words, since every listing has the same buttons (WCAG 2.5.3, label in name).
  return (
    <>
      {onViewDetails && (
        <Button
          variant={isCompact ? 'ghost' : 'outline'}
          size={isCompact ? 'icon-sm' : 'sm'}
          onClick={() => onViewDetails(creator)}
          aria-label={t('listings.viewDetailsOf', { creatorId })}
          title={isCompact ? t('listings.viewDetails') : undefined}
        >
          <EyeIcon aria-hidden="true" />
          {!isCompact && t('listings.viewDetails')}
        </Button>
      )}
      {onViewLog && (
        <Button
          variant={isCompact ? 'ghost' : 'outline'}
          size={isCompact ? 'icon-sm' : 'sm'}
          onClick={() => onViewLog(creator)}
          aria-label={t('listings.viewLogOf', { creatorId })}
          title={isCompact ? t('listings.viewLog') : undefined}
        >
          <HistoryIcon aria-hidden="true" />
          {!isCompact && t('listings.viewLog')}
        </Button>
      )}
    </>
  );
}

function ListingsTable({ listings, slots }: { listings: Creator[]; slots: ListingsCreatorSlots }) {
  const { t, i18n } = useTranslation('recruiters');
  const { t: tCommon } = useTranslation();
  return (
    <div className="hidden xl:block">
      <Table>
        <TableHeader>
          <TableRow>
            {slots.renderSelectPage && (
              <TableHead className="w-8 ps-4 pe-0">{slots.renderSelectPage(listings)}</TableHead>
            )}
            <TableHead className={slots.renderSelectPage ? undefined : 'ps-6'}>{t('listings.columns.name')}</TableHead>
            <TableHead>{t('listings.columns.contact')}</TableHead>
            <TableHead>{t('listings.columns.status')}</TableHead>
            <TableHead>{t('listings.columns.date')}</TableHead>
            <TableHead className="pe-6">{t('listings.columns.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {listings.map((creator) => (
            <TableRow key={creator.id} data-creator-id={creator.creatorId}>
              {slots.renderSelect && <TableCell className="w-8 ps-4 pe-0">{slots.renderSelect(creator)}</TableCell>}
              {/* The name with its Creator ID beneath: one column fewer keeps a row's buttons on one line. */}
              <th
                scope="row"
                className={cn('max-w-48 px-4 py-3 text-start font-medium break-words', !slots.renderSelect && 'ps-6')}
              >
                {creator.name}
                <span className="mt-0.5 block font-mono text-xs font-normal whitespace-nowrap text-muted-foreground">
                  {creator.creatorId}
                </span>
              </th>
              <TableCell className="max-w-56 min-w-36">
                <span className="block text-xs text-muted-foreground">
                  {contactMethodText(tCommon, creator.contactMethod)}
                </span>
                <span className="block [overflow-wrap:anywhere]">{creator.contactInfo}</span>
              </TableCell>
              <TableCell>
                <StatusPill status={creator.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {formatListingDate(creator.createdAt, i18n.resolvedLanguage)}
              </TableCell>
              <TableCell className="pe-6">
                <div className="flex flex-nowrap items-center gap-2 whitespace-nowrap">
                  <ViewButtons creator={creator} slots={slots} isCompact />
                  {slots.renderRowActions?.(creator)}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Below the extra-large breakpoint (six columns and the actions need the room) each listing is a card, with the view buttons spelled out (product §2). */
function ListingsCards({ listings, slots }: { listings: Creator[]; slots: ListingsCreatorSlots }) {
  const { t, i18n } = useTranslation('recruiters');
  const { t: tCommon } = useTranslation();
  return (
    <ul className="divide-y xl:hidden">
      {listings.map((creator) => (
        <li key={creator.id} data-creator-id={creator.creatorId} className="grid gap-3 p-4 sm:px-6">
          <div className="flex items-start justify-between gap-3">
            {slots.renderSelect && <div className="pt-1">{slots.renderSelect(creator)}</div>}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{creator.name}</p>
              <p className="font-mono text-xs text-muted-foreground">{creator.creatorId}</p>
            </div>
            <StatusPill status={creator.status} className="shrink-0" />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('listings.columns.contact')}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              <span className="text-muted-foreground">{contactMethodText(tCommon, creator.contactMethod)}: </span>
              {creator.contactInfo}
            </dd>
            <dt className="text-muted-foreground">{t('listings.columns.date')}</dt>
            <dd>{formatListingDate(creator.createdAt, i18n.resolvedLanguage)}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <ViewButtons creator={creator} slots={slots} isCompact={false} />
            {slots.renderRowActions?.(creator)}
          </div>
        </li>
      ))}
    </ul>
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
