import { useState } from 'react';

/**
 * What one creator's row is doing: every button of the row is disabled while one of its requests is in
 * flight, or while a dialog one of them opened must be dealt with first (product §4: one change at a time).
 */
export interface RowBusy {
  /** The request or dialog that holds the row (its action's own name for it), or null when the row is free. */
  holder: string | null;
  isBusy: boolean;
  /** Runs a request, holding the row until it settles. */
  run<T>(holder: string, task: () => Promise<T>): Promise<T>;
  /** Holds the row until `release` (a dialog the person must close first). */
  hold(holder: string): void;
  release(): void;
}

export function useRowBusy(): RowBusy {
  const [holder, setHolder] = useState<string | null>(null);
  return {
    holder,
    isBusy: holder !== null,
    async run(next, task) {
      setHolder(next);
      try {
        return await task();
      } finally {
        setHolder(null);
      }
    },
    hold: setHolder,
    release: () => setHolder(null),
  };
}
