import { cn } from '#client/lib/cn.ts';
import type { FieldEntry } from '../lib/creator-fields.ts';
import { CreatorCopyButton } from './creator-copy-button.tsx';

/** Label, value and copy button per answer; applicant text is rendered as text, never as markup. */
export function CreatorFieldList({ entries }: { entries: readonly FieldEntry[] }) {
  return (
    <dl className="divide-y rounded-lg border">
      {entries.map(({ key, label, value, isLong }) => (
        <div key={key} className={cn('flex items-start gap-2 px-3 py-2.5', !isLong && 'sm:items-center')}>
          <div className={cn('grid min-w-0 flex-1 gap-0.5', !isLong && 'sm:grid-cols-[10rem_1fr] sm:gap-3')}>
            <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="min-w-0 whitespace-pre-wrap break-words text-sm">{value}</dd>
          </div>
          <CreatorCopyButton value={value} label={label} />
        </div>
      ))}
    </dl>
  );
}
