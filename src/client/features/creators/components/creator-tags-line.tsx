import { TagIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { CreatorTagPills } from './creator-tag-pills.tsx';
import { CreatorTagsDialog, type TagsTarget } from './creator-tags-dialog.tsx';

/** In the details: her tags (decision 063), and the button that changes them. */
export function CreatorTagsLine({ creator }: { creator: Pick<Creator, 'creatorId' | 'name' | 'tagIds'> }) {
  const { t } = useTranslation('admin');
  const [target, setTarget] = useState<TagsTarget | null>(null);
  const tagIds = creator.tagIds ?? [];
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="creator-tags">
      <span className="flex min-w-0 flex-wrap items-center gap-1.5">
        <TagIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="text-muted-foreground">{t('tags.label')}:</span>
        {tagIds.length === 0 ? <span>{t('tags.noneOnHer')}</span> : <CreatorTagPills creator={creator} />}
      </span>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('actions.forCreator', {
          action: t('tags.edit'),
          name: creator.name,
          creatorId: creator.creatorId,
        })}
        onClick={() => setTarget({ kind: 'one', creatorId: creator.creatorId, name: creator.name, tagIds })}
      >
        <TagIcon aria-hidden="true" />
        {t('tags.edit')}
      </Button>
      <CreatorTagsDialog target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </div>
  );
}
