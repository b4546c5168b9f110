import { TagIcon } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { TAG_TINTS, useTags } from '#client/lib/tags.ts';
import type { Creator } from '#shared/replies/creators.ts';

/** Her tags as coloured pills, by name (decision 063); nothing while she has none or the names are on their way. */
export function CreatorTagPills({ creator, className }: { creator: Pick<Creator, 'tagIds'>; className?: string }) {
  const { t } = useTranslation('admin');
  const ids = creator.tagIds ?? [];
  const tags = useTags({ enabled: ids.length > 0 });
  const shown = (tags.data?.tags ?? []).filter((tag) => ids.includes(tag.id));
  if (shown.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label={t('tags.label')}>
      {shown.map((tag) => (
        <li
          key={tag.id}
          className={cn(
            'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
            TAG_TINTS[tag.color],
          )}
        >
          <TagIcon className="size-3 shrink-0" aria-hidden="true" />
          <span className="truncate">{tag.name}</span>
        </li>
      ))}
    </ul>
  );
}
