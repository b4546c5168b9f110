import { XIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { Toaster as Sonner, toast as sonnerToast, type ToastClassnames } from 'sonner';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';

export type ToastVariant = 'default' | 'destructive';

/** What a screen passes to lib/toast.ts's `toast()`, which hands it here once this module has loaded. */
export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** A button on the toast (Undo): pressing it runs `onClick` and closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** Product §9 toast timings and gestures. */
export const TOAST_DURATION_MS = 5000;
/**
 * A toast that offers an action stays longer, so there is time to read it and reach the button
 * (docs/decisions/033: Undo is offered for at least 10 s; hovering or focusing the toast pauses it).
 */
export const TOAST_WITH_ACTION_DURATION_MS = 12_000;
export const TOAST_VISIBLE_LIMIT = 1;
export const TOAST_SWIPE_DIRECTIONS = ['right'] as const;
/** F8 moves focus to the notification area (product §9). */
export const TOAST_HOTKEY = ['F8'];
/** From the screen's edges, and between a toast and what lifts above it (the phone drawer's content). */
const TOAST_OFFSET_PX = 16;

/**
 * Sonner draws no look of its own (`unstyled`): each toast is styled here. Sonner's own sheet still places
 * and animates them, and it is not in a cascade layer, so the focus ring, which it also sets, is marked
 * important. A toast is clickable even while a modal dialog makes the rest of the page inert.
 */
export const TOAST_CLASS_NAMES = {
  toast: cn(
    'group pointer-events-auto flex w-(--width) items-start gap-3 rounded-xl border p-4 pe-11 font-sans shadow-lg',
    'focus-visible:ring-2! focus-visible:ring-ring',
  ),
  default: 'border-border bg-card text-card-foreground',
  // Raised with sonner's 'error' type, which marks it data-type="error".
  error: 'border-destructive bg-destructive text-destructive-foreground',
  content: 'grid min-w-0 gap-1',
  title: 'text-sm font-semibold',
  description: 'text-sm opacity-90',
  // Beside the text, as tall as a phone's tap target (44 px).
  actionButton: cn(
    'ms-auto min-h-11 shrink-0 self-center rounded-md border border-current px-3 text-sm font-semibold',
    'hover:bg-foreground/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  ),
  // The icon slot holds the word "Notification" for screen readers, read before each toast's text.
  icon: 'sr-only',
  closeButton: cn(
    'absolute end-2 top-2 rounded-md p-1.5 opacity-70 transition-opacity hover:opacity-100',
    'focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    'group-data-[type=error]:focus-visible:ring-destructive-foreground',
  ),
} as const satisfies ToastClassnames;

/** Each toast's name for screen readers (product §9), translated when the toast is drawn. */
function ToastLabel() {
  const { t } = useTranslation();
  return t('toast.label');
}

/** Shows a toast in place of the one on screen (product §4); lib/toast.ts calls it once this module is loaded. */
export function showToast({ title = '', description, variant = 'default', action }: ToastInput): void {
  sonnerToast.dismiss();
  const options = {
    description,
    icon: <ToastLabel />,
    ...(action
      ? { action: { label: action.label, onClick: action.onClick }, duration: TOAST_WITH_ACTION_DURATION_MS }
      : {}),
  };
  if (variant === 'destructive') sonnerToast.error(title, options);
  else sonnerToast.message(title, options);
}

/** Takes every toast away; lib/toast.ts calls it once this module is loaded. */
export function dismissAllToasts(): void {
  sonnerToast.dismiss();
}

/**
 * Publishes the height the toast takes at the bottom of the screen, with the gap it keeps, as `--toasts-height`
 * on <html>, so a panel that reaches the bottom (the phone menu drawer) can lift its own content above it
 * instead of being covered. Toasts are placed by transforms, so their layout height is read, not their box.
 */
function publishToastsHeight(region: HTMLElement | null) {
  const root = document.documentElement;
  if (!region || typeof MutationObserver === 'undefined') return;
  let published = -1;
  const measure = () => {
    const front = region.querySelector<HTMLElement>(
      '[data-sonner-toast][data-front="true"]:not([data-removed="true"])',
    );
    const height = front ? front.offsetHeight + 2 * TOAST_OFFSET_PX : 0;
    if (height === published) return;
    published = height;
    root.style.setProperty('--toasts-height', `${height}px`);
  };
  const observer = new MutationObserver(measure);
  observer.observe(region, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-front', 'data-removed', 'style'],
  });
  measure();
  return () => {
    observer.disconnect();
    root.style.removeProperty('--toasts-height');
  };
}

/**
 * The notification region: a polite live region labelled "Notifications (F8)", holding one toast at a time
 * for 5000 ms, dismissed by a swipe to the right or its close button.
 */
export function ToastRegion() {
  const { t } = useTranslation();
  return (
    <Sonner
      ref={publishToastsHeight}
      customAriaLabel={t('toast.region', { hotkey: TOAST_HOTKEY.join('+') })}
      hotkey={TOAST_HOTKEY}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE_LIMIT}
      swipeDirections={[...TOAST_SWIPE_DIRECTIONS]}
      position="bottom-right"
      offset={TOAST_OFFSET_PX}
      mobileOffset={TOAST_OFFSET_PX}
      style={{ '--width': '24rem' } as CSSProperties}
      closeButton
      icons={{ close: <XIcon className="pointer-events-none size-4" aria-hidden="true" /> }}
      toastOptions={{ unstyled: true, closeButtonAriaLabel: t('common.close'), classNames: TOAST_CLASS_NAMES }}
    />
  );
}

/**
 * Mount once, near the root. Outside the app's root, so a dialog that hides the page from screen readers does
 * not hide the toasts with it (and Radix keeps live regions visible anyway).
 */
export function Toaster() {
  return createPortal(<ToastRegion />, document.body);
}
