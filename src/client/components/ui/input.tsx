import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * Shared by inputs, textareas and select triggers so every field looks and focuses the same way. The text
 * size is separate (FIELD_TEXT), for fields that show code in a smaller monospace.
 */
export const FIELD_TEXT = 'text-base sm:text-sm';
export const FIELD_CLASSES =
  'w-full min-w-0 rounded-md border border-input bg-card px-3 text-foreground shadow-xs transition-colors ' +
  'placeholder:text-muted-foreground ' +
  'focus-visible:outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 ' +
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20';

export function Input({
  className,
  type = 'text',
  isCode = false,
  ...props
}: ComponentProps<'input'> & { isCode?: boolean }) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        FIELD_CLASSES,
        isCode ? 'font-mono text-xs' : FIELD_TEXT,
        'h-10 py-2',
        'file:me-3 file:h-full file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        className,
      )}
      {...props}
    />
  );
}
