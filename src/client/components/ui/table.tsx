import { MoveHorizontalIcon } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useOverflows } from '#client/lib/use-overflows.ts';

/**
 * A data table that scrolls sideways inside its own box instead of widening the page. When it does scroll (a
 * phone), it says so: a line above it, a fade at the edge with more to see, and a name for the box, which
 * takes keyboard focus (arrow keys then scroll it): its own name if the table has one, else the hint.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const { t } = useTranslation();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const scrolls = useOverflows(container);
  const [isAtEnd, setIsAtEnd] = useState(false);
  const { 'aria-label': label, 'aria-labelledby': labelledBy } = props;
  const hint = t('table.scrollHint');
  return (
    <div className="relative w-full rounded-[inherit]">
      {scrolls && (
        <p className="flex items-center gap-1.5 px-4 pt-2 pb-1 text-xs text-muted-foreground">
          <MoveHorizontalIcon className="size-3.5 shrink-0" aria-hidden="true" />
          {hint}
        </p>
      )}
      <div
        ref={setContainer}
        data-slot="table-container"
        className="relative w-full overflow-x-auto rounded-[inherit] outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onScroll={(event) => {
          const box = event.currentTarget;
          setIsAtEnd(Math.abs(box.scrollLeft) + box.clientWidth >= box.scrollWidth - 2);
        }}
        {...(scrolls && {
          tabIndex: 0,
          role: 'group',
          'data-scroll-hint': '',
          ...(label !== undefined || labelledBy !== undefined
            ? { 'aria-label': label, 'aria-labelledby': labelledBy }
            : { 'aria-label': hint }),
        })}
      >
        <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
      </div>
      {scrolls && !isAtEnd && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 end-0 w-8 rounded-e-[inherit] bg-linear-to-l from-card to-transparent rtl:bg-linear-to-r"
        />
      )}
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
