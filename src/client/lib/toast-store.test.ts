import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, type ToastStore } from './toast-store.ts';

describe('toast store', () => {
  let store: ToastStore;

  beforeEach(() => {
    vi.useFakeTimers();
    store = createToastStore();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast open, with the default variant unless told otherwise', () => {
    store.toast({ title: 'Copied!', description: 'Text copied to clipboard' });
    expect(store.getState().toasts).toEqual([
      {
        id: expect.any(String),
        title: 'Copied!',
        description: 'Text copied to clipboard',
        variant: 'default',
        open: true,
      },
    ]);
  });

  it('keeps the destructive variant', () => {
    store.toast({ title: 'Submission Failed', variant: 'destructive' });
    expect(store.getState().toasts[0]?.variant).toBe('destructive');
  });

  it('shows only one toast at a time: a new one replaces the current one', () => {
    expect(TOAST_LIMIT).toBe(1);
    store.toast({ title: 'First' });
    const second = store.toast({ title: 'Second' });
    expect(store.getState().toasts.map((item) => item.title)).toEqual(['Second']);
    expect(store.getState().toasts[0]?.id).toBe(second.id);
  });

  it('gives each toast its own id', () => {
    const ids = Array.from({ length: 5 }, () => store.toast({ title: 'x' }).id);
    expect(new Set(ids).size).toBe(5);
  });

  it('on dismiss, closes the toast and removes it only after 1000000 ms', () => {
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    const { id } = store.toast({ title: 'Saved' });
    store.dismiss(id);
    expect(store.getState().toasts).toMatchObject([{ id, open: false }]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toEqual([]);
  });

  it('dismisses every toast when no id is given', () => {
    store.toast({ title: 'Saved' });
    store.dismiss();
    expect(store.getState().toasts.every((item) => !item.open)).toBe(true);
  });

  it('dismisses through the handle returned by toast()', () => {
    const handle = store.toast({ title: 'Saved' });
    handle.dismiss();
    expect(store.getState().toasts[0]?.open).toBe(false);
  });

  it('ignores a dismiss for an unknown or already closed toast', () => {
    const { id } = store.toast({ title: 'Saved' });
    store.dismiss(id);
    const listener = vi.fn();
    store.subscribe(listener);
    store.dismiss(id);
    store.dismiss('nope');
    expect(listener).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
  });

  it('cancels the pending removal of a toast that was replaced', () => {
    const first = store.toast({ title: 'First' });
    first.dismiss();
    store.toast({ title: 'Second' });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getState().toasts.map((item) => item.title)).toEqual(['Second']);
  });

  it('updates a toast in place', () => {
    const handle = store.toast({ title: 'Uploading' });
    handle.update({ title: 'Uploaded', description: 'All done' });
    expect(store.getState().toasts).toMatchObject([
      { id: handle.id, title: 'Uploaded', description: 'All done', open: true },
    ]);
  });

  it('notifies subscribers with a new snapshot on every change, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getState();
    const { id } = store.toast({ title: 'Saved' });
    expect(store.getState()).not.toBe(before);
    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.toast({ title: 'Again' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
