import type { ComponentProps } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';

/** A whole-number input with a fixed unit beside the digits ("$" before, "%" after). */
export function AmountInput({
  unit,
  unitPosition = 'start',
  className,
  ...props
}: ComponentProps<'input'> & { unit: string; unitPosition?: 'start' | 'end' }) {
  return (
    <div className={cn('relative', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute inset-y-0 flex items-center text-sm text-muted-foreground',
          unitPosition === 'start' ? 'start-3' : 'end-3',
        )}
      >
        {unit}
      </span>
      <Input
        type="number"
        inputMode="numeric"
        step={1}
        className={unitPosition === 'start' ? 'ps-7' : 'pe-8'}
        {...props}
      />
    </div>
  );
}
