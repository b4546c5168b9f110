const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Calls `callback` once, at the visitor's first interaction with the page (a tap, a click, a key). Code that
 * nobody needs to see the page (the form, the menus, the toasts) waits for it, so the first load stays
 * small. Returns a function that stops waiting.
 */
export function onFirstInteraction(callback: () => void): () => void {
  let isDone = false;
  const run = () => {
    if (isDone) return;
    isDone = true;
    stop();
    callback();
  };
  const stop = () => {
    for (const type of INTERACTIONS) globalThis.removeEventListener?.(type, run, true);
  };
  for (const type of INTERACTIONS) globalThis.addEventListener?.(type, run, { capture: true, passive: true });
  return stop;
}
