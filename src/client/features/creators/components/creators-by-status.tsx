import { InboxIcon, RefreshCwIcon, SearchXIcon, TriangleAlertIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { ADMIN_PAGE_SIZE } from '#shared/limits.ts';
import { useCreatorsByStatus } from '../api/get-creators-by-status.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { CreatorActivityDialog } from './creator-activity-dialog.tsx';
import { CreatorDetailsDialog } from './creator-details-dialog.tsx';
import { CreatorCards, CreatorTable } from './creator-list-views.tsx';
import { CreatorPagination } from './creator-pagination.tsx';
import { CreatorSearch } from './creator-search.tsx';

export interface CreatorsByStatusProps {
  status: CreatorStatus;
  /** After a status change (spec §4: the page of the new status is shown next). */
  onChanged?: (newStatus: CreatorStatus) => void;
}

/** The table's breakpoint; below it every creator is a card (spec §2). */
const WIDE_SCREEN = '(min-width: 768px)';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

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

/**
 * Spec §2 Creators by status: search, the table (cards on phones), paging, the per-status actions and the
 * details and activity dialogs. Page and search live in the address (?page=&q=), so back and reload keep them.
 */
export function CreatorsByStatus({ status, onChanged }: CreatorsByStatusProps) {
  const { t } = useTranslation('admin');
  const statusName = useStatusName();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const q = searchParams.get('q') ?? '';
  const list = useCreatorsByStatus({ status, page, q });
  const isWide = useMediaQuery(WIDE_SCREEN);
  const [details, setDetails] = useState<DialogTarget>({ creatorId: '', open: false });
  const [log, setLog] = useState<DialogTarget>({ creatorId: '', open: false });

  function setQuery(next: { page?: number; q?: string }, replace = false) {
    const params = new URLSearchParams();
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? page;
    if (nextQ) params.set('q', nextQ);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params, { replace });
  }

  const data = list.data;
  const pageSize = data?.pageSize ?? ADMIN_PAGE_SIZE;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  // A page emptied by changes (or an old link) falls back to the last page that has creators.
  const isPlaceholder = list.isPlaceholderData;
  useEffect(() => {
    if (!data || isPlaceholder || page <= lastPage) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (lastPage > 1) next.set('page', String(lastPage));
        else next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [data, isPlaceholder, page, lastPage, setSearchParams]);

  const views = {
    creators: data?.items ?? [],
    onViewDetails: (creatorId: string) => setDetails({ creatorId, open: true }),
    onViewLog: (creatorId: string) => setLog({ creatorId, open: true }),
    onChanged,
  };

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
        <p>{q ? t('list.noMatches', { q }) : t('list.empty', { status: statusName(status) })}</p>
      </div>
    );
  } else {
    body = isWide ? <CreatorTable {...views} /> : <CreatorCards {...views} />;
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CreatorSearch value={q} onSearch={(text) => setQuery({ q: text, page: 1 }, true)} />
      </div>
      <div
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
        <CreatorPagination
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          total={data.total}
          isDisabled={list.isPlaceholderData}
          onPageChange={(next) => {
            setQuery({ page: next });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
      <CreatorDetailsDialog
        creatorId={details.creatorId}
        open={details.open}
        onOpenChange={(open) => setDetails((current) => ({ ...current, open }))}
      />
      <CreatorActivityDialog
        creatorId={log.creatorId}
        open={log.open}
        onOpenChange={(open) => setLog((current) => ({ ...current, open }))}
      />
    </div>
  );
}
