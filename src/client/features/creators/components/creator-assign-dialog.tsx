import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverReason, useMessageText } from '#client/lib/messages.ts';
import { useAssignCreator, useBulkAssign } from '../api/assignees.ts';
import { CreatorAssigneeSelect, NOBODY } from './creator-assignee-select.tsx';

/** Whom the dialog gives away: one creator (with her owner now), or the bulk bar's selection. */
export type AssignTarget =
  | { kind: 'one'; creatorId: string; name: string; assigneeId: string | null }
  | { kind: 'many'; creatorIds: string[] };

/**
 * Assign (decision 063): choose the admin whose creator(s) these are, or nobody. The toast says what changed; a
 * wrong choice is undone by choosing again, as the activity log keeps each change.
 */
export function CreatorAssignDialog({
  target,
  onOpenChange,
}: {
  target: AssignTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const one = useAssignCreator();
  const many = useBulkAssign();
  const initial = target?.kind === 'one' ? (target.assigneeId ?? NOBODY) : NOBODY;
  const [choice, setChoice] = useState(initial);
  const [shown, setShown] = useState(target);
  if (shown !== target) {
    setShown(target);
    setChoice(initial);
  }
  const isPending = one.isPending || many.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    const adminId = choice === NOBODY ? null : choice;
    try {
      if (target.kind === 'one') {
        const result = await one.mutateAsync({ creatorId: target.creatorId, adminId });
        showToast({
          title: result.assignee
            ? t('assign.doneOne', { name: target.name, assignee: result.assignee })
            : t('assign.clearedOne', { name: target.name }),
        });
      } else {
        const result = await many.mutateAsync({ creatorIds: target.creatorIds, adminId });
        showToast({
          title: t('assign.doneMany', { count: result.assigned.length }),
          ...(result.unchanged.length + result.notFound.length > 0
            ? { description: t('assign.skipped', { count: result.unchanged.length + result.notFound.length }) }
            : {}),
        });
      }
      onOpenChange(false);
    } catch (error) {
      showToast({ title: t('assign.failed'), description: say(serverReason(error)), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <form noValidate onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle className="[overflow-wrap:anywhere]">
              {target?.kind === 'one' ? t('assign.titleOne', { name: target.name }) : t('assign.titleMany')}
            </DialogTitle>
            <DialogDescription>
              {target?.kind === 'many'
                ? t('assign.descriptionMany', { count: target.creatorIds.length })
                : t('assign.descriptionOne', { creatorId: target?.kind === 'one' ? target.creatorId : '' })}
            </DialogDescription>
          </DialogHeader>
          <CreatorAssigneeSelect value={choice} onChange={setChoice} disabled={isPending} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                {t('actions.cancelDialog')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isPending}>
              {isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {t('assign.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
