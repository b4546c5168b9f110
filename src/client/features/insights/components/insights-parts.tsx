import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** One figure of the insights screen: a titled card holding its chart and the table behind it. */
export function InsightsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A horizontal bar drawn with CSS, its length `value / max`. The number it stands for is always printed beside
 * it in the same table cell, so the bar itself is hidden from assistive technology.
 */
export function Bar({ value, max, className }: { value: number; max: number; className?: string }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <span aria-hidden="true" className="block h-2.5 w-full min-w-16 overflow-hidden rounded-full bg-muted">
      <span
        className={cn('block h-full rounded-full bg-primary', className)}
        style={{ width: `${(share * 100).toFixed(1)}%` }}
      />
    </span>
  );
}

/** A number with its bar underneath, for a table cell. */
export function BarCell({
  label,
  value,
  max,
  className,
}: {
  label: string;
  value: number;
  max: number;
  className?: string;
}) {
  return (
    <span className="flex min-w-24 flex-col gap-1">
      <span className="tabular-nums">{label}</span>
      <Bar value={value} max={max} className={className} />
    </span>
  );
}
