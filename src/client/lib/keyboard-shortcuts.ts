/**
 * Whether a page-wide key shortcut may act on this key press: not while the admin types in a field (the key is
 * a letter of what they type), not while a dialog is open (its own keys come first), and not when another
 * handler already took the key.
 */
export function isShortcutAllowed(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  const target = event.target;
  if (
    target instanceof HTMLElement &&
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')
  ) {
    return false;
  }
  return document.querySelector('[role="dialog"], [role="alertdialog"]') === null;
}

/** A plain key: no Ctrl, Alt or ⌘ (Shift is part of `?`). */
export const isPlainKey = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;
