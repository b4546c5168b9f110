import { DownloadIcon, InboxIcon, RefreshCwIcon, SearchXIcon, TriangleAlertIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import {
  FIRST_PAGE,
  movePage,
  type PageMove,
  pageStartOf,
  readPagePosition,
  writePagePosition,
} from '#client/lib/page-position.ts';
import { useRowKeys } from '#client/lib/use-row-keys.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { CreatorFilter } from '#shared/schemas/bulk.ts';
import type { SlaFilter } from '#shared/schemas/creator.ts';
import { hasListFilter, type ListFilters, listFilterParams, readListFilters } from '#shared/schemas/list-filters.ts';
import { useCreatorsByStatus } from '../api/get-creators-by-status.ts';
import { creatorsExportUrl } from '../api/run-bulk-action.ts';
import { useStatusPageQueue } from '../lib/review-queue.ts';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { CreatorActivityDialog } from './creator-activity-dialog.tsx';
import { CreatorAssigneeFilter } from './creator-assignee-filter.tsx';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';
import { CreatorDetailsDialog, type RecruiterEmailSlot } from './creator-details-dialog.tsx';
import { CreatorFilterChips, CreatorFiltersButton } from './creator-list-filters.tsx';
import { CreatorSlaFilterNotice, CreatorSortToggle, readListView } from './creator-list-view-options.tsx';
import { CreatorCards, CreatorTable } from './creator-list-views.tsx';
import { CreatorPagination } from './creator-pagination.tsx';
import { CreatorSearch } from './creator-search.tsx';
import { CreatorTagFilter } from './creator-tag-filter.tsx';
import { SavedViewControls } from './saved-view-controls.tsx';

export interface CreatorsByStatusProps {
  status: CreatorStatus;
  /** After a status change (product §4: the page of the new status is shown next). */
  onChanged?: (newStatus: CreatorStatus) => void;
  /** For the details dialog: the recruiters feature's lookup, handed in by the route screen. */
  renderRecruiterEmail: RecruiterEmailSlot;
}

/** The table's breakpoint; below it every creator is a card (product §2). */
const WIDE_SCREEN = '(min-width: 768px)';

interface DialogTarget {
  creatorId: string;
  open: boolean;
}

function ListSkeleton() {
  return (
    <div className="grid gap-3 p-4 sm:p-6" aria-hidden="true">
      {['a', 'b', 'c', 'd'].map((row) => (
        <div key={row} className="h-12 animate-pulse rounded-lg bg-muted" />
      ))}
    </div>
  );
}

/** An empty waiting filter says nobody waits that long, not that the status has nobody. */
const EMPTY_SLA = { due: 'sla.emptyDue', overdue: 'sla.emptyOverdue' } as const satisfies Record<SlaFilter, string>;

/**
 * Product §2 Creators by status: search, the table (cards on phones), paging, the per-status actions and the
 * details and activity dialogs. Search, order, the pending list's waiting filter and the page live in the
 * address (?q=, ?sort=, ?sla=, then ?cursor=&p= or ?page=last), so back and reload keep them.
 */
export function CreatorsByStatus({ status, onChanged, renderRecruiterEmail }: CreatorsByStatusProps) {
  const { t } = useTranslation('admin');
  const statusName = useStatusName();
  const [searchParams, setSearchParams] = useSearchParams();
  const position = readPagePosition(searchParams);
  const q = searchParams.get('q') ?? '';
  const { sort } = readListView(searchParams);
  // The waiting filter only means something on the pending list (the server refuses it elsewhere).
  const sla = status === 'pending' ? readListView(searchParams).sla : undefined;
  const filters = readListFilters(searchParams);
  const list = useCreatorsByStatus({ status, start: pageStartOf(position), q, sort, sla, filters });
  /** What the list shows, which is what "all matching" and the export take. */
  const filter: CreatorFilter = {
    status,
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(sla ? { sla } : {}),
    ...filters,
  };
  // Waiting times count to when the page was read, not to each render.
  const readAt = list.dataUpdatedAt || Date.now();
  const isWide = useMediaQuery(WIDE_SCREEN);
  const [details, setDetails] = useState<DialogTarget>({ creatorId: '', open: false });
  const [log, setLog] = useState<DialogTarget>({ creatorId: '', open: false });
  const selection = useBulkSelection();
  const data = list.data;
  const listRef = useRef<HTMLDivElement>(null);
  const openDetails = useCallback((creatorId: string) => setDetails({ creatorId, open: true }), []);
  useRowKeys(listRef, openDetails);

  // The find box opens a creator here (?open=RC-…): their details, once; the address then drops the request.
  const toOpen = searchParams.get('open');
  useEffect(() => {
    if (!toOpen) return;
    openDetails(toOpen);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [toOpen, openDetails, setSearchParams]);

  /** The address for a new search, order or filter: always from the first page, as cursors belong to one order. */
  function view(next: { q?: string; sort?: string; sla?: string | undefined; filters?: ListFilters }) {
    const merged = { q, sort, sla, ...next };
    const params: Record<string, string> = {};
    if (merged.q) params.q = merged.q;
    if (merged.sort && merged.sort !== 'newest') params.sort = merged.sort;
    if (merged.sla) params.sla = merged.sla;
    return { ...params, ...listFilterParams(next.filters ?? filters) };
  }

  /** A changed filter starts from the first page with nothing selected, as the rows are others now. */
  function refine(next: ListFilters) {
    selection.clear();
    setSearchParams(view({ filters: next }));
  }

  /**
   * A new search starts at the first page; it replaces the address entry, as typing is not a step back.
   * What was selected belonged to the old search, so the selection starts over too.
   */
  function search(text: string) {
    selection.clear();
    setSearchParams(view({ q: text }), { replace: true });
  }

  // Each page is an entry in the history, so Back returns to the page before. A page emptied meanwhile needs
  // no care here: the server answers the nearest page that has creators.
  function move(to: PageMove) {
    if (!data) return;
    setSearchParams((current) => writePagePosition(current, movePage(position, data, to)));
  }

  // Review mode works through the page shown, turning pages at its edges (docs/decisions/035).
  const showDetails = useCallback((creatorId: string) => setDetails({ creatorId, open: true }), []);
  const queue = useStatusPageQueue({
    items: data?.items,
    hasPrevious: Boolean(data?.prev),
    hasNext: Boolean(data?.next),
    isSettled: !list.isPlaceholderData && !list.isFetching,
    movePage: move,
    show: showDetails,
  });

  const views = {
    creators: data?.items ?? [],
    onViewDetails: (creatorId: string) => setDetails({ creatorId, open: true }),
    onViewLog: (creatorId: string) => setLog({ creatorId, open: true }),
    onChanged,
    selection,
    now: readAt,
  };

  // A cursor the server refuses (edited by hand, or from a link kept across an upgrade) cannot be retried:
  // the way out is the first page, in place of the broken address.
  const isBadCursor = position.at === 'cursor' && isApiError(list.error) && list.error.status === 400;
  useEffect(() => {
    if (isBadCursor) setSearchParams((current) => writePagePosition(current, FIRST_PAGE), { replace: true });
  }, [isBadCursor, setSearchParams]);

  let body: ReactNode;
  if (list.isError && !data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <TriangleAlertIcon className="size-8 text-destructive" aria-hidden="true" />
        <p className="font-medium">{t('list.loadFailed')}</p>
        <Button variant="outline" onClick={() => list.refetch()} disabled={list.isFetching}>
          <RefreshCwIcon aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      </div>
    );
  } else if (!data) {
    body = <ListSkeleton />;
  } else if (data.items.length === 0) {
    const Icon = q ? SearchXIcon : InboxIcon;
    body = (
      <div className="flex flex-col items-center gap-2 px-4 py-14 text-center text-muted-foreground">
        <Icon className="size-8" aria-hidden="true" />
        <p>
          {q
            ? t('list.noMatches', { q })
            : sla
              ? t(EMPTY_SLA[sla])
              : hasListFilter(filters)
                ? t('filters.empty')
                : t('list.empty', { status: statusName(status) })}
        </p>
      </div>
    );
  } else {
    body = isWide ? <CreatorTable {...views} /> : <CreatorCards {...views} />;
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CreatorSearch value={q} onSearch={search} />
        <div className="flex flex-wrap items-center gap-2">
          <CreatorAssigneeFilter value={filters.assignee} onChange={(assignee) => refine({ ...filters, assignee })} />
          <CreatorTagFilter value={filters.tag} onChange={(tag) => refine({ ...filters, tag })} />
          {/* The list's own tools keep together when the row wraps; on a phone saving and exporting are icons. */}
          <div className="flex items-center gap-2">
            <CreatorFiltersButton value={filters} onChange={refine} />
            <SavedViewControls list={status} query={view({})} />
            {/* A plain download: the browser saves the streamed file itself, however long the list. */}
            <a
              href={creatorsExportUrl(filter)}
              download
              className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}
            >
              <DownloadIcon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t('bulk.export')}</span>
            </a>
          </div>
          <CreatorSortToggle value={sort} onChange={(next) => setSearchParams(view({ sort: next }))} />
        </div>
      </div>
      <CreatorFilterChips value={filters} onChange={refine} />
      {sla && (
        <CreatorSlaFilterNotice
          sla={sla}
          onClear={() => {
            selection.clear();
            setSearchParams(view({ sla: undefined }));
          }}
        />
      )}
      {data && (
        <CreatorBulkBar selection={selection} filter={filter} total={data.total} totalIsExact={data.totalIsExact} />
      )}
      <div
        ref={listRef}
        aria-busy={list.isFetching}
        className={cn(
          'transition-opacity',
          isWide && 'overflow-hidden rounded-xl border bg-card shadow-xs',
          !isWide && (!data || data.items.length === 0) && 'rounded-xl border bg-card',
          list.isPlaceholderData && 'opacity-60',
        )}
      >
        {body}
      </div>
      {data && data.total > 0 && (
        <CreatorPagination position={position} page={data} isBusy={list.isPlaceholderData} onMove={move} />
      )}
      <CreatorDetailsDialog
        creatorId={details.creatorId}
        open={details.open}
        onOpenChange={(open) => setDetails((current) => ({ ...current, open }))}
        renderRecruiterEmail={renderRecruiterEmail}
        queue={queue}
      />
      <CreatorActivityDialog
        creatorId={log.creatorId}
        open={log.open}
        onOpenChange={(open) => setLog((current) => ({ ...current, open }))}
      />
    </div>
  );
}
