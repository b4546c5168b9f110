import { createPortal } from 'react-dom';
import { useTranslation } from '#client/lib/i18n.ts';
import { useToast } from '#client/lib/use-toast.ts';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast.tsx';

/** Product §9 toast timings and gestures. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** F8 moves focus to the notification area (product §9). */
export const TOAST_HOTKEY = ['F8'];

/**
 * Publishes the height the toasts take at the bottom of the screen as `--toasts-height` on <html>, so a panel
 * that reaches the bottom (the phone menu drawer) can lift its own content above them instead of being covered.
 * A ref callback at module level: React keeps it attached for the viewport's whole life.
 */
function measureToastsHeight(viewport: HTMLOListElement | null) {
  const root = document.documentElement;
  if (!viewport || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => {
    const height = viewport.childElementCount > 0 ? viewport.getBoundingClientRect().height : 0;
    root.style.setProperty('--toasts-height', `${Math.ceil(height)}px`);
  });
  observer.observe(viewport);
  return () => {
    observer.disconnect();
    root.style.removeProperty('--toasts-height');
  };
}

/** Renders the toast store's toasts; mount once, near the root. */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('toast.label')}
    >
      {toasts.map(({ id, title, description, variant, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          // Closing by timeout, swipe, Escape or the close button all go through the store, which removes it later.
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
        >
          <div className="grid min-w-0 gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      {createPortal(
        // Outside the app's root, so a dialog that hides the page from screen readers does not hide the
        // toasts with it: hideOthers keeps elements marked aria-live. 'off' because each toast is announced
        // once by the provider's own live region; this one only keeps the list readable and reachable (F8).
        <div data-slot="toast-layer" aria-live="off">
          <ToastViewport
            ref={measureToastsHeight}
            hotkey={TOAST_HOTKEY}
            label={t('toast.region', { hotkey: TOAST_HOTKEY.join('+') })}
          />
        </div>,
        document.body,
      )}
    </ToastProvider>
  );
}
