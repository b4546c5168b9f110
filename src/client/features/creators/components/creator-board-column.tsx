import { BanIcon, InboxIcon, LoaderCircleIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { hasListFilter, type ListFilters } from '#shared/schemas/list-filters.ts';
import { useBoardColumn } from '../api/get-board-column.ts';
import { useColumnName } from '../lib/use-column-name.ts';
import { CreatorBoardClock } from './creator-board-clock.tsx';

/** How a column stands while a card is carried: its home, one that takes it (the one under it), one that refuses it. */
export type ColumnDropState = 'idle' | 'home' | 'accepts' | 'over' | 'refuses';

export interface CreatorBoardColumnProps {
  status: CreatorStatus;
  filters: ListFilters;
  /** Cards dropped here whose move is not done yet: shown first. */
  incoming: readonly Creator[];
  /** Creator IDs dropped elsewhere (or on their way): left out of this column. */
  leaving: ReadonlySet<string>;
  dropState: ColumnDropState;
  renderCard: (creator: Creator, now: number) => ReactNode;
}

function ColumnSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      {['a', 'b', 'c'].map((card) => (
        <div key={card} className="h-20 animate-pulse rounded-lg bg-muted" />
      ))}
    </div>
  );
}

/** Product §4's colours, in status order: yellow, blue, green, purple, indigo, teal, red. */
const STATUS_DOTS = {
  pending: 'bg-yellow-500',
  stage2_sent: 'bg-blue-500',
  stage2_submitted: 'bg-green-500',
  listed: 'bg-purple-500',
  matched: 'bg-indigo-500',
  finalized: 'bg-teal-500',
  cancelled: 'bg-red-500',
} as const satisfies Record<CreatorStatus, string>;

const DROP_LOOKS = {
  idle: '',
  home: '',
  accepts: 'ring-2 ring-primary/40 ring-dashed bg-primary/5',
  over: 'ring-2 ring-primary bg-primary/10',
  refuses: 'opacity-50',
} as const satisfies Record<ColumnDropState, string>;

/**
 * One status as a column of the board: its count, its first page of cards and "Show more" for the next, each a
 * keyset page of the status list under the board's filters.
 */
export function CreatorBoardColumn({
  status,
  filters,
  incoming,
  leaving,
  dropState,
  renderCard,
}: CreatorBoardColumnProps) {
  const { t } = useTranslation('admin');
  const columnName = useColumnName();
  const column = useBoardColumn({ status, filters });
  const pages = column.data?.pages;
  const first = pages?.[0];
  const incomingIds = new Set(incoming.map((creator) => creator.creatorId));
  const loaded = (pages ?? []).flatMap((page) => page.items);
  const shown = [
    ...incoming,
    ...loaded.filter((creator) => !leaving.has(creator.creatorId) && !incomingIds.has(creator.creatorId)),
  ];
  const leftHere = loaded.filter((creator) => leaving.has(creator.creatorId)).length;
  const total = first ? Math.max(0, first.total - leftHere + incoming.length) : null;
  const now = column.dataUpdatedAt || Date.now();
  const headingId = `board-column-${status}`;

  let body: ReactNode;
  if (column.isError && !first) {
    body = (
      <div role="alert" className="grid justify-items-center gap-2 px-2 py-8 text-center text-sm">
        <TriangleAlertIcon className="size-6 text-destructive" aria-hidden="true" />
        <p>{t('board.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => column.refetch()} disabled={column.isFetching}>
          <RefreshCwIcon aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      </div>
    );
  } else if (!first) {
    body = <ColumnSkeleton />;
  } else if (shown.length === 0) {
    body = (
      <div className="grid justify-items-center gap-2 px-2 py-10 text-center text-sm text-muted-foreground">
        <InboxIcon className="size-6" aria-hidden="true" />
        <p>{hasListFilter(filters) ? t('board.emptyFiltered') : t('board.empty')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="grid gap-2" aria-labelledby={headingId}>
          {shown.map((creator) => renderCard(creator, now))}
        </ul>
        {column.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="w-full"
            onClick={() => column.fetchNextPage()}
            disabled={column.isFetchingNextPage}
          >
            {column.isFetchingNextPage && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {column.isFetchingNextPage ? t('board.loadingMore') : t('board.showMore')}
          </Button>
        )}
        {column.isFetchNextPageError && (
          <p role="alert" className="text-center text-sm text-destructive">
            {t('board.moreFailed')}
          </p>
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      data-board-column={status}
      data-drop={dropState}
      className={cn(
        'flex w-[calc(100vw-4rem)] max-w-80 shrink-0 snap-start flex-col rounded-xl border bg-muted/60 transition-[opacity,box-shadow,background-color] sm:w-72',
        DROP_LOOKS[dropState],
      )}
    >
      <header className="flex flex-wrap items-center gap-2 border-b px-3 py-2.5">
        <h2 id={headingId} className="flex min-w-0 items-center gap-2 text-sm font-semibold">
          <span className={cn('size-2.5 shrink-0 rounded-full', STATUS_DOTS[status])} aria-hidden="true" />
          {columnName(status)}
        </h2>
        {first && total !== null && (
          <span className="text-sm font-medium tabular-nums text-muted-foreground" data-slot="column-count">
            {first.totalIsExact ? t('board.count', { count: total }) : t('board.countAtLeast', { count: total })}
          </span>
        )}
        {status === 'pending' && <CreatorBoardClock filters={filters} />}
        {dropState === 'refuses' && (
          <span className="ms-auto inline-flex items-center gap-1 text-xs font-medium text-muted-foreground">
            <BanIcon className="size-3.5" aria-hidden="true" />
            {t('board.refuses')}
          </span>
        )}
      </header>
      <div
        className={cn(
          'grid max-h-[calc(100dvh-16rem)] min-h-32 content-start gap-2 overflow-y-auto p-2',
          column.isFetching && !column.isFetchingNextPage && 'transition-opacity',
        )}
      >
        {body}
      </div>
    </section>
  );
}
