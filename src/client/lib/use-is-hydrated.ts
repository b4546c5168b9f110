import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False on the server and while a page rendered ahead of time is being hydrated, true afterwards. A control
 * that only works with the page's script (a form that must not submit on its own) stays disabled until then,
 * and the markup the server sent still matches the first render.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
