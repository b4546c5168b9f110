import { type ComponentProps, useState } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useOverflows } from '#client/lib/use-overflows.ts';

/**
 * A data table that scrolls sideways inside its own box instead of widening the page. When it does scroll,
 * the box takes keyboard focus (arrow keys then scroll it) and, if the table is named, is a group by that name.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const scrolls = useOverflows(container);
  const { 'aria-label': label, 'aria-labelledby': labelledBy } = props;
  const isNamed = label !== undefined || labelledBy !== undefined;
  return (
    <div
      ref={setContainer}
      data-slot="table-container"
      className="relative w-full overflow-x-auto rounded-[inherit] outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...(scrolls && {
        tabIndex: 0,
        ...(isNamed && { role: 'group', 'aria-label': label, 'aria-labelledby': labelledBy }),
      })}
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('bg-muted/60 [&_tr]:border-b', className)} {...props} />;
}

/** Body rows light up under the pointer; header rows do not. */
export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('[&_tr:last-child]:border-0 [&>tr]:hover:bg-muted/40', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={cn('border-b transition-colors', className)} {...props} />;
}

export function TableHead({
  className,
  align = 'start',
  ...props
}: Omit<ComponentProps<'th'>, 'align'> & { align?: 'start' | 'end' }) {
  return (
    <th
      data-slot="table-head"
      scope="col"
      className={cn(
        'h-11 whitespace-nowrap px-4 align-middle text-xs font-semibold uppercase tracking-wide text-muted-foreground',
        align === 'end' ? 'text-end' : 'text-start',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('px-4 py-3 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption data-slot="table-caption" className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
  );
}
