import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import type { FieldEntry } from '../lib/creator-fields.ts';
import { CreatorCopyButton } from './creator-copy-button.tsx';

/**
 * One answer of a <dl>: label, value and its copy button. A <dl> may only hold dt/dd groups, one <div> each,
 * so the button sits inside the <dd>. `children` shows the value differently (a link) from the text copied.
 */
export function CreatorField({
  label,
  value,
  isLong = false,
  children,
}: {
  label: string;
  value: string;
  isLong?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={cn('grid gap-0.5 px-3 py-2.5', !isLong && 'sm:grid-cols-[10rem_1fr] sm:items-center sm:gap-3')}>
      <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="flex min-w-0 items-start gap-2">
        <span className="min-w-0 flex-1 whitespace-pre-wrap break-words text-sm">{children ?? value}</span>
        <CreatorCopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

/**
 * Label, value and copy button per answer; applicant text is rendered as text, never as markup. `links` shows
 * some answers as links (the contact in its channel, social profiles), by field key.
 */
export function CreatorFieldList({
  entries,
  links = {},
}: {
  entries: readonly FieldEntry[];
  links?: Readonly<Record<string, ReactNode>>;
}) {
  return (
    <dl className="divide-y rounded-lg border">
      {entries.map(({ key, label, value, isLong }) => (
        <CreatorField key={key} label={label} value={value} isLong={isLong}>
          {links[key]}
        </CreatorField>
      ))}
    </dl>
  );
}
