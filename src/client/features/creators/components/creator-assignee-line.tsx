import { UserRoundIcon } from 'lucide-react';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { CreatorAssignButton } from './creator-assign-button.tsx';

/** In the details: whose creator she is (decision 063), and the button that changes it. */
export function CreatorAssigneeLine({
  creator,
}: {
  creator: Pick<Creator, 'creatorId' | 'name' | 'assigneeId' | 'assignee'>;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="creator-assignee">
      <span className="inline-flex min-w-0 items-center gap-1.5">
        <UserRoundIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="text-muted-foreground">{t('assign.assignee')}:</span>
        <span className="min-w-0 break-words font-medium">{creator.assignee ?? t('assign.nobody')}</span>
      </span>
      <CreatorAssignButton creator={creator} variant="text" />
    </div>
  );
}
