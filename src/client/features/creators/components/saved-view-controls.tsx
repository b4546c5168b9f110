import { BookmarkIcon, BookmarkPlusIcon, ChevronDownIcon, LoaderCircleIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverFieldMessages, serverReason, useMessageText } from '#client/lib/messages.ts';
import type { SavedView } from '#shared/replies/saved-views.ts';
import { SAVED_VIEW_NAME_MAX_LENGTH, type SavedViewList, savedViewPath } from '#shared/saved-views.ts';
import { sameQuery, useDeleteView, useSavedViews, useSaveView, useUpdateView } from '../api/saved-views.ts';

interface SavedViewControlsProps {
  list: SavedViewList;
  /** The list's address parameters now: search, order, waiting filter and list filters, no paging. */
  query: Record<string, string>;
}

/**
 * Saved views on a list (decision 063): "Save view" keeps the filters shown under a name; once the address is a
 * saved view, its name shows instead, with sharing and deleting for who may.
 */
export function SavedViewControls({ list, query }: SavedViewControlsProps) {
  const views = useSavedViews();
  const current = views.data?.views.find((view) => view.list === list && sameQuery(view.query, query));
  if (current) return <CurrentViewMenu view={current} />;
  return <SaveViewButton list={list} query={query} />;
}

function SaveViewButton({ list, query }: SavedViewControlsProps) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <BookmarkPlusIcon aria-hidden="true" />
        {/* On a phone the icon stands alone, beside the list's other tools; its name is still read out. */}
        <span className="sr-only sm:not-sr-only">{t('views.save')}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {open && <SaveViewForm list={list} query={query} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function SaveViewForm({ list, query, onDone }: SavedViewControlsProps & { onDone: () => void }) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const id = useId();
  const save = useSaveView();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('views.nameRequired'));
      return;
    }
    try {
      const view = await save.mutateAsync({ name: name.trim(), list, query, shared });
      showToast({ title: t(view.shared ? 'views.savedShared' : 'views.saved', { name: view.name }) });
      onDone();
    } catch (failure) {
      setError(say(serverFieldMessages(failure).name ?? serverReason(failure)));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t('views.saveTitle')}</DialogTitle>
        <DialogDescription>{t('views.saveDescription')}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>{t('views.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX_LENGTH}
          placeholder={t('views.namePlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="flex items-start gap-3">
        <Checkbox id={`${id}-shared`} checked={shared} onCheckedChange={(checked) => setShared(checked === true)} />
        <Label htmlFor={`${id}-shared`} className="font-normal leading-snug">
          {t('views.shareWithTeam')}
        </Label>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={save.isPending}>
            {t('actions.cancelDialog')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {t('views.saveSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function CurrentViewMenu({ view }: { view: SavedView }) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const [, navigate] = useLocation();
  const canManageLists = useCan('manageLists');
  const update = useUpdateView();
  const remove = useDeleteView();
  const [isDeleting, setIsDeleting] = useState(false);
  const mayDelete = view.mine || (view.shared && canManageLists);

  async function toggleShared() {
    try {
      const changed = await update.mutateAsync({ id: view.id, shared: !view.shared });
      showToast({ title: t(changed.shared ? 'views.nowShared' : 'views.nowPersonal', { name: view.name }) });
    } catch (failure) {
      showToast({ title: t('views.failed'), description: say(serverReason(failure)), variant: 'destructive' });
    }
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync(view.id);
      showToast({ title: t('views.deleted', { name: view.name }) });
      setIsDeleting(false);
      // The filters stay on screen; only their name is gone.
      navigate(savedViewPath(view.list, view.query), { replace: true });
    } catch (failure) {
      setIsDeleting(false);
      showToast({ title: t('views.failed'), description: say(serverReason(failure)), variant: 'destructive' });
    }
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" size="sm" className="max-w-64">
            {view.shared ? <UsersIcon aria-hidden="true" /> : <BookmarkIcon aria-hidden="true" />}
            <span className="truncate">{t('views.current', { name: view.name })}</span>
            <ChevronDownIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel className="max-w-64 truncate font-normal text-muted-foreground">
            {view.mine
              ? t(view.shared ? 'views.yoursShared' : 'views.yoursPersonal')
              : t('views.sharedBy', { name: view.ownerName })}
          </DropdownMenuLabel>
          {view.mine && (
            <DropdownMenuItem onSelect={toggleShared} disabled={update.isPending}>
              <UsersIcon aria-hidden="true" />
              {view.shared ? t('views.unshare') : t('views.share')}
            </DropdownMenuItem>
          )}
          {mayDelete && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setIsDeleting(true)} className="text-destructive">
                <Trash2Icon aria-hidden="true" />
                {t('views.delete')}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title={t('views.deleteTitle', { name: view.name })}
        description={t(view.shared ? 'views.deleteSharedDescription' : 'views.deleteDescription')}
        confirmLabel={t('views.delete')}
        cancelLabel={t('actions.cancelDialog')}
        variant="destructive"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
