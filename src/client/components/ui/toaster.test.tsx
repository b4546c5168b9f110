import { renderToStaticMarkup } from 'react-dom/server';
import { toast as sonnerToast, type ToastT } from 'sonner';
import { twMerge } from 'tailwind-merge';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '#client/lib/i18n.ts';
import {
  showToast,
  TOAST_CLASS_NAMES,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTIONS,
  TOAST_VISIBLE_LIMIT,
  ToastRegion,
} from './toaster.tsx';

/** The toasts sonner would show now. */
function shown(): ToastT[] {
  return sonnerToast.getToasts().filter((item): item is ToastT => !('dismiss' in item));
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  sonnerToast.dismiss();
  await changeLanguage('en');
});

describe('showToast (product §4 and §9)', () => {
  it('shows the title and description, with the default look unless told otherwise', () => {
    showToast({ title: 'Copied!', description: 'Text copied to clipboard' });
    expect(shown()).toMatchObject([{ title: 'Copied!', description: 'Text copied to clipboard', type: undefined }]);
  });

  it('gives the destructive variant sonner’s error type, which its look is keyed on', () => {
    showToast({ variant: 'destructive', title: 'Submission Failed' });
    expect(shown()).toMatchObject([{ title: 'Submission Failed', type: 'error' }]);
    expect(TOAST_CLASS_NAMES.error).toContain('bg-destructive');
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    expect(TOAST_VISIBLE_LIMIT).toBe(1);
    showToast({ title: 'First' });
    showToast({ title: 'Second', variant: 'destructive' });
    showToast({ title: 'Third' });
    expect(shown().map((item) => item.title)).toEqual(['Third']);
  });
});

describe('the notification region', () => {
  it('is a polite live region labelled "Notifications (F8)", translated with the interface', async () => {
    const english = renderToStaticMarkup(<ToastRegion />);
    expect(english).toMatch(/^<section aria-label="Notifications \(F8\)"/);
    expect(english).toContain('aria-live="polite"');
    await changeLanguage('ru');
    expect(renderToStaticMarkup(<ToastRegion />)).toContain('aria-label="Уведомления (F8)"');
  });

  it('keeps a toast 5000 ms, dismisses it by a swipe to the right, and takes focus on F8', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_DIRECTIONS).toEqual(['right']);
    expect(TOAST_HOTKEY).toEqual(['F8']);
  });

  it('styles toasts with no conflicting classes, in either variant', () => {
    for (const variant of [TOAST_CLASS_NAMES.default, TOAST_CLASS_NAMES.error]) {
      const classes = `${TOAST_CLASS_NAMES.toast} ${variant}`;
      expect(twMerge(classes)).toBe(classes);
    }
  });
});
