import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** The card every recruiter view sits in: a heading row with actions above the content. */
export function Panel({
  heading,
  description,
  actions,
  children,
}: {
  heading: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-6xl overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="flex flex-col gap-4 border-b p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold tracking-tight break-words">{heading}</h2>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap items-center gap-2 max-sm:w-full">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A message in place of the content (load failure, nothing to show), with an optional way forward. */
export function PanelMessage({
  message,
  tone = 'muted',
  children,
}: {
  message: ReactNode;
  tone?: 'muted' | 'error';
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="flex flex-col items-center gap-4 px-6 py-12 text-center"
    >
      <p className={cn('max-w-md text-sm', tone === 'error' ? 'text-destructive' : 'text-muted-foreground')}>
        {message}
      </p>
      {children}
    </div>
  );
}

/** Placeholder rows while a list loads; screen readers hear the label once. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="divide-y">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
        <div key={index} className="flex animate-pulse items-center gap-4 px-4 py-4 sm:px-6" aria-hidden="true">
          <div className="h-4 w-1/4 rounded bg-muted" />
          <div className="h-4 w-1/3 rounded bg-muted" />
          <div className="ms-auto h-8 w-24 rounded-md bg-muted" />
        </div>
      ))}
    </div>
  );
}
