import { useMutation } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverReason, useMessageText } from '#client/lib/messages.ts';
import { TAG_TINTS, useTags } from '#client/lib/tags.ts';
import { changeTagsMutation } from '../api/tags.ts';

/** Whose tags the dialog changes: one creator (with hers now), or the bulk bar's selection. */
export type TagsTarget =
  | { kind: 'one'; creatorId: string; name: string; tagIds: readonly string[] }
  | { kind: 'many'; creatorIds: string[] };

/**
 * Tags (decision 063): for one creator, tick the tags she carries; for a selection, the tags to put on or to take
 * off each. Owners define the tags themselves on the lists screen.
 */
export function CreatorTagsDialog({
  target,
  onOpenChange,
}: {
  target: TagsTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const tags = useTags({ enabled: target !== null });
  const change = useMutation(changeTagsMutation);
  const initial = new Set(target?.kind === 'one' ? target.tagIds : []);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(initial);
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [shown, setShown] = useState(target);
  if (shown !== target) {
    setShown(target);
    setTicked(initial);
    setMode('add');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    const chosen = [...ticked];
    const request =
      target.kind === 'one'
        ? {
            creatorIds: [target.creatorId],
            add: chosen.filter((id) => !target.tagIds.includes(id)),
            remove: target.tagIds.filter((id) => !ticked.has(id)),
          }
        : { creatorIds: target.creatorIds, add: mode === 'add' ? chosen : [], remove: mode === 'remove' ? chosen : [] };
    if (request.add.length === 0 && request.remove.length === 0) {
      onOpenChange(false);
      return;
    }
    try {
      const result = await change.mutateAsync(request);
      showToast({ title: t('tags.saved', { count: result.changed.length }) });
      onOpenChange(false);
    } catch (error) {
      showToast({ title: t('tags.failed'), description: say(serverReason(error)), variant: 'destructive' });
    }
  }

  const list = tags.data?.tags ?? [];
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <form noValidate onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle className="[overflow-wrap:anywhere]">
              {target?.kind === 'one' ? t('tags.titleOne', { name: target.name }) : t('tags.titleMany')}
            </DialogTitle>
            <DialogDescription>
              {target?.kind === 'many'
                ? t('tags.descriptionMany', { count: target.creatorIds.length })
                : t('tags.descriptionOne')}
            </DialogDescription>
          </DialogHeader>
          {target?.kind === 'many' && (
            <RadioGroup
              value={mode}
              onValueChange={(next) => setMode(next === 'remove' ? 'remove' : 'add')}
              aria-label={t('tags.mode')}
              className="flex flex-wrap gap-4"
            >
              {(['add', 'remove'] as const).map((option) => (
                <div key={option} className="flex items-center gap-2">
                  <RadioGroupItem id={`tags-mode-${option}`} value={option} />
                  <Label htmlFor={`tags-mode-${option}`} className="font-normal">
                    {t(`tags.modes.${option}`)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
          {tags.isPending && <p className="text-sm text-muted-foreground">{t('tags.loading')}</p>}
          {tags.isSuccess && list.length === 0 && <p className="text-sm text-muted-foreground">{t('tags.none')}</p>}
          <fieldset className="grid max-h-72 gap-2 overflow-y-auto">
            <legend className="sr-only">{t('tags.label')}</legend>
            {list.map((tag) => (
              <div key={tag.id} className="flex min-w-0 items-center gap-2">
                <Checkbox
                  id={`tag-${tag.id}`}
                  checked={ticked.has(tag.id)}
                  onCheckedChange={(state) =>
                    setTicked((current) => {
                      const next = new Set(current);
                      if (state === true) next.add(tag.id);
                      else next.delete(tag.id);
                      return next;
                    })
                  }
                />
                <Label
                  htmlFor={`tag-${tag.id}`}
                  className={cn('min-w-0 rounded-full px-2 py-0.5 text-xs ring-1 ring-inset', TAG_TINTS[tag.color])}
                >
                  <span className="break-words">{tag.name}</span>
                </Label>
              </div>
            ))}
          </fieldset>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={change.isPending}>
                {t('actions.cancelDialog')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending || list.length === 0}>
              {change.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {t('tags.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
