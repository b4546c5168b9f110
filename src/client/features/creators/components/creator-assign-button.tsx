import { UserRoundPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { type AssignTarget, CreatorAssignDialog } from './creator-assign-dialog.tsx';

/** A row's, card's or the details' Assign (decision 063): whose creator she is. */
export function CreatorAssignButton({
  creator,
  variant = 'icon',
}: {
  creator: Pick<Creator, 'creatorId' | 'name' | 'assigneeId'>;
  variant?: 'icon' | 'text';
}) {
  const { t } = useTranslation('admin');
  const [target, setTarget] = useState<AssignTarget | null>(null);
  // As every row action's name: the visible word first, then whose (WCAG 2.5.3, label in name).
  const label = t('actions.forCreator', {
    action: t('assign.action'),
    name: creator.name,
    creatorId: creator.creatorId,
  });
  const open = () =>
    setTarget({
      kind: 'one',
      creatorId: creator.creatorId,
      name: creator.name,
      assigneeId: creator.assigneeId ?? null,
    });
  return (
    <>
      {variant === 'icon' ? (
        <Button variant="ghost" size="icon-sm" aria-label={label} title={t('assign.action')} onClick={open}>
          <UserRoundPlusIcon aria-hidden="true" />
        </Button>
      ) : (
        <Button variant="outline" size="sm" aria-label={label} onClick={open}>
          <UserRoundPlusIcon aria-hidden="true" />
          {t('assign.action')}
        </Button>
      )}
      <CreatorAssignDialog target={target} onOpenChange={(isOpen) => !isOpen && setTarget(null)} />
    </>
  );
}
