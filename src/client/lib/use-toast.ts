import { useSyncExternalStore } from 'react';
import { dismiss, type ToastState, toast, toastStore } from './toast-store.ts';

export interface UseToast extends ToastState {
  toast: typeof toast;
  dismiss: typeof dismiss;
}

/** The current toasts plus the functions to show and close them, re-rendering on every change. */
export function useToast(): UseToast {
  const state = useSyncExternalStore(toastStore.subscribe, toastStore.getState, toastStore.getState);
  return { ...state, toast, dismiss };
}
