import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import { type ComponentProps, type RefObject, useLayoutEffect, useRef } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { isInToastArea } from '#client/lib/toast.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-foreground/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Rendered inside the content, so it mounts each time the dialog opens: it notes what had focus just before
 * (the dialog moves focus in a later effect).
 */
function FocusOrigin({ originRef }: { originRef: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    const active = document.activeElement;
    originRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [originRef]);
  return null;
}

/** A dialog's default width, spacing and padding, each keyed by the class prefix that sets the same property. */
const DIALOG_LAYOUT: readonly (readonly [prefix: string, fallback: string])[] = [
  ['max-w-', 'max-w-lg'],
  ['gap-', 'gap-4'],
  ['p-', 'p-6'],
];

/**
 * The caller's classes with the default width, spacing and padding for each of those the caller leaves out.
 * Classes are joined, not merged (lib/cn.ts): a caller that only widens the dialog keeps its padding, one that
 * sets its own padding gets no second one.
 */
export function dialogLayoutClasses(className?: string): string {
  const own = (className ?? '').split(/\s+/).filter(Boolean);
  const defaults = DIALOG_LAYOUT.filter(([prefix]) => !own.some((name) => name.startsWith(prefix))).map(
    ([, fallback]) => fallback,
  );
  return cn(defaults, own);
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button when the dialog provides its own way out. */
  hideClose?: boolean;
}

type PointerDownOutsideEvent = Parameters<NonNullable<DialogContentProps['onPointerDownOutside']>>[0];

export function DialogContent({
  className,
  children,
  hideClose = false,
  onCloseAutoFocus,
  onPointerDownOutside,
  ...props
}: DialogContentProps) {
  const { t } = useTranslation();
  const originRef = useRef<HTMLElement | null>(null);
  // Radix returns focus to a <DialogTrigger>; dialogs opened from state (a row's button, a nested viewer)
  // have none, so focus goes back to whatever opened them, or to the page's main region if that is gone.
  function returnFocus(event: Event) {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const origin = originRef.current;
    const target = origin?.isConnected ? origin : document.getElementById('main');
    target?.focus({ preventScroll: true });
  }
  // Closing or swiping away a toast shown beside the dialog leaves the dialog open.
  function keepOpenForToasts(event: PointerDownOutsideEvent) {
    onPointerDownOutside?.(event);
    if (isInToastArea(event)) event.preventDefault();
  }
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-1/2 overflow-y-auto',
          'rounded-xl border bg-card text-card-foreground shadow-xl',
          'data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out focus:outline-none',
          dialogLayoutClasses(className),
        )}
        onCloseAutoFocus={returnFocus}
        onPointerDownOutside={keepOpenForToasts}
        {...props}
      >
        <FocusOrigin originRef={originRef} />
        {children}
        {!hideClose && (
          <DialogPrimitive.Close
            className={cn(
              'absolute end-4 top-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('common.close')}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cn('grid gap-1.5 pe-6 text-start', className)} {...props} />;
}

export function DialogFooter({
  className,
  justify = 'end',
  ...props
}: ComponentProps<'div'> & { justify?: 'end' | 'between' }) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn(
        'flex flex-col-reverse gap-2 sm:flex-row',
        justify === 'between' ? 'sm:justify-between' : 'sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg font-semibold leading-tight tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
