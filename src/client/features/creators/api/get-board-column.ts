import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { BOARD_COUNT_CAP } from '#shared/limits.ts';
import type { PageStart } from '#shared/schemas/creator.ts';
import { type ListFilters, listFilterParams } from '#shared/schemas/list-filters.ts';
import { getCreatorsByStatus } from './get-creators-by-status.ts';
import { creatorKeys } from './query-keys.ts';

export interface BoardColumnParams {
  status: CreatorStatus;
  filters: ListFilters;
}

/**
 * One board column: the status list's first page, newest first, then each `next` page appended ("Show more").
 * Each page is a keyset read (docs/decisions/014), so a column costs the same at a million creators.
 */
export const boardColumnQueryOptions = ({ status, filters }: BoardColumnParams) =>
  infiniteQueryOptions({
    queryKey: creatorKeys.boardColumn(status, listFilterParams(filters)),
    // A column's header says "more than 100" past that: counting further would cost a filtered board most of its time.
    queryFn: ({ pageParam, signal }) =>
      getCreatorsByStatus({ status, start: pageParam, q: '', filters, countUpTo: BOARD_COUNT_CAP }, signal),
    initialPageParam: 'first' as PageStart,
    getNextPageParam: (page): PageStart | undefined => (page.next ? { cursor: page.next } : undefined),
    // Like a status page: what is there now each time the board is opened; the cached columns show meanwhile.
    staleTime: 0,
  });

export function useBoardColumn(params: BoardColumnParams) {
  return useInfiniteQuery(boardColumnQueryOptions(params));
}
