import { type RefObject, useEffect } from 'react';
import { useLocation } from 'wouter';

/** The path the app last showed, across screens (each screen mounts its own layout). */
let shownPath: string | null = null;

/**
 * Moves keyboard and screen-reader focus to the element (the page's heading) when the app has moved to
 * another path without a page load: a followed menu link, or a status change that takes the admin to the
 * creator's new status. Otherwise focus would stay on <body>, or on a button that no longer exists. The first
 * screen of a page load keeps the browser's own start, where the skip link comes first. A new search or page
 * number changes only the query, not the path, and leaves focus in the search box.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>, enabled = true): void {
  const [path] = useLocation();
  useEffect(() => {
    // A stand-in shown while a screen loads leaves the move of focus to the screen itself.
    if (!enabled) return;
    const previous = shownPath;
    shownPath = path;
    if (previous !== null && previous !== path) target.current?.focus();
  }, [path, target, enabled]);
}
