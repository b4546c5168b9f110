import * as ProgressPrimitive from '@radix-ui/react-progress';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

export function Progress({ className, value, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full rounded-full bg-linear-to-r from-primary to-accent transition-[width] duration-500 ease-out rtl:bg-linear-to-l"
        // The only way to show an arbitrary percentage; set through React (CSSOM), which CSP permits. A width
        // (not a shifted full-width bar) keeps the whole gradient visible at any value.
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
