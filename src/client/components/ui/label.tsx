import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '#client/lib/cn.ts';

const BASE = 'flex select-none items-center peer-disabled:cursor-not-allowed peer-disabled:opacity-50';
/** The usual label text. A caller that styles its label gives its own spacing and type instead (not merged). */
export const LABEL_TEXT = 'gap-2 text-sm font-medium leading-none';

/** A control inside the label keeps its own double-click (selecting a word in an input, say). */
const CONTROLS = 'button, input, select, textarea';

/**
 * A native label, as Radix's Label renders it, without Radix: the admin sign-in shows labels on its first load,
 * and Radix's label brings its slot and primitive modules along (docs/decisions/054). A double click on the text
 * does not select it, as with Radix's.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  const handleMouseDown = (event: MouseEvent<HTMLLabelElement>) => {
    if (event.target instanceof Element && event.target.closest(CONTROLS)) return;
    onMouseDown?.(event);
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers associate it with htmlFor or by nesting the control.
    <label data-slot="label" className={cn(BASE, className ?? LABEL_TEXT)} onMouseDown={handleMouseDown} {...props} />
  );
}
