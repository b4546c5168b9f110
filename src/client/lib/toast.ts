// A type-only import: it is erased from the bundle, so sonner still loads only with the first toast.
import type { ToastInput } from '#client/components/ui/toaster.tsx';

/**
 * Toasts per product §4 and §9: one at a time, a new one replacing the one on screen. This module is all a
 * screen imports to raise one; the toast area (components/ui/toaster.tsx, built on sonner) loads with the
 * first toast or the first interaction, whichever comes first, so the landing page's first load does
 * without it (architecture §6).
 */

/** What the toast area is drawn in: a dialog treats a tap or a swipe there as not outside itself. */
export const TOAST_AREA_SELECTOR = '[data-sonner-toaster]';

const raisedListeners = new Set<() => void>();
let hasRaised = false;

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput): void {
  if (!hasRaised) {
    hasRaised = true;
    for (const listener of raisedListeners) listener();
  }
  // A toast raised before the area has mounted waits in sonner's store and shows once it has.
  void import('#client/components/ui/toaster.tsx').then(
    ({ showToast }) => showToast(input),
    (error: unknown) => console.error('The toast area failed to load', error),
  );
}

/** Takes the toast on screen away (one that belongs to the page just left). */
export function dismissToasts(): void {
  if (!hasRaised) return;
  void import('#client/components/ui/toaster.tsx').then(
    ({ dismissAllToasts }) => dismissAllToasts(),
    (error: unknown) => console.error('The toast area failed to load', error),
  );
}

/** Whether any toast has been raised yet (the toast area mounts at the first). */
export function hasRaisedToast(): boolean {
  return hasRaised;
}

/** Calls `listener` when the first toast is raised; returns a function that stops listening. */
export function onFirstToast(listener: () => void): () => void {
  raisedListeners.add(listener);
  return () => raisedListeners.delete(listener);
}

/** A pointer event on a toast: a modal dialog or drawer keeps open when it happens. */
export function isInToastArea(event: Event): boolean {
  return event.target instanceof Element && event.target.closest(TOAST_AREA_SELECTOR) !== null;
}
