import { PencilIcon, PlusIcon, TagIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverFieldMessages, serverReason, useMessageText } from '#client/lib/messages.ts';
import { TAG_TINTS, useTags } from '#client/lib/tags.ts';
import type { Tag } from '#shared/replies/tags.ts';
import { TAG_COLORS, TAG_NAME_MAX_LENGTH, type TagColor } from '#shared/tags.ts';
import { useChangeTag } from '../api/tags.ts';

/** The tags (decision 063), each with how many creators carry it; owners add, rename, recolour and delete them. */
export function TagsEditor() {
  const { t } = useTranslation('admin');
  const tags = useTags();
  const mayChange = useCan('manageLists');
  if (tags.isPending) return <p className="text-sm text-muted-foreground">{t('tags.loading')}</p>;
  if (tags.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {t('lists.loadFailed')}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      {tags.data.tags.length > 0 && (
        <ul className="divide-y rounded-lg border">
          {tags.data.tags.map((tag) => (
            <TagRow key={tag.id} tag={tag} mayChange={mayChange} />
          ))}
        </ul>
      )}
      {mayChange && <TagForm />}
    </div>
  );
}

function TagPill({ tag }: { tag: Pick<Tag, 'name' | 'color'> }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TAG_TINTS[tag.color],
      )}
    >
      <TagIcon className="size-3 shrink-0" aria-hidden="true" />
      <span className="break-words">{tag.name}</span>
    </span>
  );
}

function TagRow({ tag, mayChange }: { tag: Tag; mayChange: boolean }) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const change = useChangeTag();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);

  async function remove() {
    try {
      await change.mutateAsync({ kind: 'delete', id: tag.id });
      showToast({ title: t('tags.deleted', { name: tag.name }) });
    } catch (error) {
      showToast({ title: t('lists.failed'), description: say(serverReason(error)), variant: 'destructive' });
    }
    setIsDeleting(false);
  }

  if (isEditing) {
    return (
      <li className="p-3">
        <TagForm tag={tag} onDone={() => setIsEditing(false)} />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
      <div className="grid min-w-0 flex-1 justify-items-start gap-1">
        <TagPill tag={tag} />
        <span className="text-xs text-muted-foreground">{t('tags.count', { count: tag.count })}</span>
      </div>
      {mayChange && (
        <div className="flex shrink-0 gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIsEditing(true)}
            aria-label={t('lists.renameNamed', { name: tag.name })}
          >
            <PencilIcon aria-hidden="true" />
            {t('lists.rename')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIsDeleting(true)}
            aria-label={t('tags.deleteNamed', { name: tag.name })}
          >
            <Trash2Icon aria-hidden="true" />
            {t('tags.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title={t('tags.deleteTitle', { name: tag.name })}
        description={t('tags.deleteDescription', { count: tag.count })}
        confirmLabel={t('tags.delete')}
        cancelLabel={t('actions.cancelDialog')}
        variant="destructive"
        isPending={change.isPending}
        onConfirm={remove}
      />
    </li>
  );
}

/** A new tag, or an existing one's new name and colour, with the server's refusal (a name taken) under it. */
function TagForm({ tag, onDone }: { tag?: Tag; onDone?: () => void }) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const change = useChangeTag();
  const id = useId();
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState<TagColor>(tag?.color ?? 'violet');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await change.mutateAsync(tag ? { kind: 'update', id: tag.id, name, color } : { kind: 'add', name, color });
      setError(undefined);
      if (!tag) setName('');
      onDone?.();
    } catch (failure) {
      setError(say(serverFieldMessages(failure).name ?? serverReason(failure)));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>{tag ? t('lists.newName') : t('tags.name')}</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={TAG_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-color`}>{t('tags.color')}</Label>
          <Select value={color} onValueChange={(next) => setColor(next as TagColor)}>
            <SelectTrigger id={`${id}-color`} className="min-w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TAG_COLORS.map((option) => (
                <SelectItem key={option} value={option}>
                  {t(`tags.colors.${option}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          {!tag && <PlusIcon aria-hidden="true" />}
          {tag ? t('lists.save') : t('tags.add')}
        </Button>
        {tag && (
          <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={change.isPending}>
            {t('actions.cancelDialog')}
          </Button>
        )}
        {name.trim() && <TagPill tag={{ name: name.trim(), color }} />}
      </div>
    </form>
  );
}
