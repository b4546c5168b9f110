/**
 * Toast state per product §4/§9: one toast at a time (a new one replaces it), dismissal closes it and removes it
 * from state later so the exit animation can finish. Plain TypeScript so it can be called from anywhere
 * (mutation callbacks, error handlers) and tested without a DOM.
 */

/** Product §4/§9: only one toast is visible at a time. */
export const TOAST_LIMIT = 1;
/** Product §4/§9: a dismissed toast is removed from state this long after it closed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  variant: ToastVariant;
  open: boolean;
}

export interface ToastState {
  toasts: readonly ToastItem[];
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (input: ToastInput) => void;
}

export interface ToastStore {
  toast: (input: ToastInput) => ToastHandle;
  /** Closes one toast, or every toast when no id is given. */
  dismiss: (id?: string) => void;
  subscribe: (listener: () => void) => () => void;
  getState: () => ToastState;
}

export function createToastStore(): ToastStore {
  let state: ToastState = { toasts: [] };
  let nextId = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function setState(toasts: readonly ToastItem[]): void {
    // A fresh object on each change: useSyncExternalStore compares snapshots by identity.
    state = { toasts };
    for (const listener of listeners) listener();
  }

  function clearRemoval(id: string): void {
    const timer = removalTimers.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    removalTimers.delete(id);
  }

  function scheduleRemoval(id: string): void {
    if (removalTimers.has(id)) return;
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        setState(state.toasts.filter((item) => item.id !== id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }

  function dismiss(id?: string): void {
    const closing = state.toasts.filter((item) => item.open && (id === undefined || item.id === id));
    if (closing.length === 0) return;
    for (const item of closing) scheduleRemoval(item.id);
    setState(state.toasts.map((item) => (closing.includes(item) ? { ...item, open: false } : item)));
  }

  function update(id: string, input: ToastInput): void {
    if (!state.toasts.some((item) => item.id === id)) return;
    setState(state.toasts.map((item) => (item.id === id ? { ...item, ...withoutUndefined(input) } : item)));
  }

  function toast(input: ToastInput): ToastHandle {
    nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(nextId);
    const item: ToastItem = { ...withoutUndefined(input), id, variant: input.variant ?? 'default', open: true };
    const toasts = [item, ...state.toasts].slice(0, TOAST_LIMIT);
    // Replaced toasts leave state now, so their pending removal has nothing left to do.
    for (const dropped of state.toasts) if (!toasts.includes(dropped)) clearRemoval(dropped.id);
    setState(toasts);
    return { id, dismiss: () => dismiss(id), update: (next) => update(id, next) };
  }

  return {
    toast,
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
  };
}

function withoutUndefined(input: ToastInput): ToastInput {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/** The app's single toast store. */
export const toastStore = createToastStore();

/** Shows a toast, replacing the one on screen (product §4). */
export const toast = (input: ToastInput): ToastHandle => toastStore.toast(input);

/** Closes a toast by id, or all of them. */
export const dismiss = (id?: string): void => toastStore.dismiss(id);
