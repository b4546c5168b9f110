import { useCallback, useMemo, useState } from 'react';

/**
 * Which creators a list has selected for a bulk action: some by Creator ID (kept while paging), or all that
 * match the list's filter, on every page, which the server resolves when the action runs.
 */
export interface BulkSelection {
  ids: ReadonlySet<string>;
  isAllMatching: boolean;
  isSelected: (creatorId: string) => boolean;
  toggle: (creatorId: string, isOn: boolean) => void;
  /** Selects or clears the given rows (a page's header checkbox). */
  setMany: (creatorIds: readonly string[], isOn: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

export function useBulkSelection(): BulkSelection {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const [isAllMatching, setIsAllMatching] = useState(false);

  const setMany = useCallback((creatorIds: readonly string[], isOn: boolean) => {
    // Leaving "all matching" by clearing a row keeps the rest of the page as a plain selection.
    setIsAllMatching(false);
    setIds((current) => {
      const next = new Set(current);
      for (const creatorId of creatorIds) {
        if (isOn) next.add(creatorId);
        else next.delete(creatorId);
      }
      return next;
    });
  }, []);

  return useMemo(
    () => ({
      ids,
      isAllMatching,
      isSelected: (creatorId: string) => isAllMatching || ids.has(creatorId),
      toggle: (creatorId: string, isOn: boolean) => setMany([creatorId], isOn),
      setMany,
      selectAllMatching: () => setIsAllMatching(true),
      clear: () => {
        setIsAllMatching(false);
        setIds(new Set());
      },
    }),
    [ids, isAllMatching, setMany],
  );
}
