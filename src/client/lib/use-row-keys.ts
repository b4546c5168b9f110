import { type RefObject, useEffect } from 'react';
import { isPlainKey, isShortcutAllowed } from './keyboard-shortcuts.ts';

/** A list's rows, table or cards alike, carry their Creator ID (the creators' and the recruiters' list views). */
const ROW = '[data-creator-id]';
/** The visible mark of the row the keys are on; classes written out here so the stylesheet has them. */
const CURRENT_ROW_CLASSES = ['outline-2', 'outline-ring', '-outline-offset-2', 'bg-accent/60'];

/** The rows shown: a list may hold its table and its cards, one of them hidden by the screen's width. */
function rowsIn(list: HTMLElement): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>(ROW)].filter((row) => row.checkVisibility?.() ?? true);
}

function markCurrent(rows: readonly HTMLElement[], current: HTMLElement): void {
  for (const row of rows) {
    row.classList.remove(...CURRENT_ROW_CLASSES);
    row.removeAttribute('aria-current');
  }
  current.classList.add(...CURRENT_ROW_CLASSES);
  current.setAttribute('aria-current', 'true');
  // Focusable by script only, so Tab still goes from button to button as before.
  current.tabIndex = -1;
  current.focus({ preventScroll: true });
  current.scrollIntoView({ block: 'nearest' });
}

/**
 * `j` and `k` move through the rows of the list inside `listRef`, Enter on the row opens its details
 * (docs/decisions/036). Not while the admin types in a field or a dialog is open.
 */
export function useRowKeys(listRef: RefObject<HTMLElement | null>, onOpen: (creatorId: string) => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const list = listRef.current;
      if (!list || !isPlainKey(event) || !isShortcutAllowed(event)) return;
      const rows = rowsIn(list);
      if (rows.length === 0) return;
      const at = rows.findIndex((row) => row.getAttribute('aria-current') === 'true');
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        const next = at === -1 ? 0 : Math.min(Math.max(at + (event.key === 'j' ? 1 : -1), 0), rows.length - 1);
        const row = rows[next];
        if (row) markCurrent(rows, row);
      } else if (event.key === 'Enter' && at !== -1 && document.activeElement === rows[at]) {
        // Enter on a button inside the row stays that button's; on the row itself it opens the details.
        event.preventDefault();
        const creatorId = rows[at]?.dataset.creatorId;
        if (creatorId) onOpen(creatorId);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listRef, onOpen]);
}
