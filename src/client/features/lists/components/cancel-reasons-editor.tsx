import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { useCancelReasonName, useCancelReasons } from '#client/lib/cancel-reasons.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverFieldMessages, serverReason, useMessageText } from '#client/lib/messages.ts';
import { CANCEL_REASON_LABEL_MAX_LENGTH, OTHER_REASON } from '#shared/cancel-reasons.ts';
import type { CancelReason } from '#shared/replies/cancel-reasons.ts';
import { useChangeCancelReason } from '../api/cancel-reasons.ts';

/**
 * The reasons a cancellation may give (decision 063), in their order, each with how many cancelled creators give it.
 * Owners reword, remove (Other stays) and add; reviewers read them.
 */
export function CancelReasonsEditor() {
  const { t } = useTranslation('admin');
  const list = useCancelReasons();
  const mayChange = useCan('manageLists');
  const offered = (list.data?.reasons ?? []).filter((reason) => !reason.removed);

  if (list.isPending) return <p className="text-sm text-muted-foreground">{t('cancel.loading')}</p>;
  if (list.isError) {
    return (
      <div className="grid justify-items-start gap-2">
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('lists.loadFailed')}
        </p>
        <Button variant="outline" size="sm" onClick={() => list.refetch()}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="divide-y rounded-lg border">
        {offered.map((reason) => (
          <CancelReasonRow key={reason.id} reason={reason} mayChange={mayChange} />
        ))}
      </ul>
      {mayChange && <CancelReasonAddForm />}
    </div>
  );
}

function CancelReasonRow({ reason, mayChange }: { reason: CancelReason; mayChange: boolean }) {
  const { t } = useTranslation('admin');
  const nameOf = useCancelReasonName();
  const say = useMessageText();
  const [isEditing, setIsEditing] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);
  const change = useChangeCancelReason();
  const name = nameOf(reason);

  async function remove() {
    try {
      await change.mutateAsync({ kind: 'remove', id: reason.id });
      showToast({ title: t('lists.removed', { name }) });
    } catch (error) {
      showToast({ title: t('lists.failed'), description: say(serverReason(error)), variant: 'destructive' });
    }
    setIsRemoving(false);
  }

  if (isEditing) {
    return (
      <li className="p-3">
        <CancelReasonNameForm reason={reason} initial={name} onDone={() => setIsEditing(false)} />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="break-words text-sm font-medium">{name}</span>
        <span className="text-xs text-muted-foreground">
          {t('lists.inUse', { count: reason.inUse })}
          {reason.code === OTHER_REASON && ` · ${t('lists.otherNeedsNote')}`}
        </span>
      </div>
      {mayChange && (
        <div className="flex shrink-0 gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIsEditing(true)}
            aria-label={t('lists.renameNamed', { name })}
          >
            <PencilIcon aria-hidden="true" />
            {t('lists.rename')}
          </Button>
          {reason.code !== OTHER_REASON && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setIsRemoving(true)}
              aria-label={t('lists.removeNamed', { name })}
            >
              <Trash2Icon aria-hidden="true" />
              {t('lists.remove')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={setIsRemoving}
        title={t('lists.removeTitle', { name })}
        description={t('lists.removeDescription', { count: reason.inUse })}
        confirmLabel={t('lists.remove')}
        cancelLabel={t('actions.cancelDialog')}
        variant="destructive"
        isPending={change.isPending}
        onConfirm={remove}
      />
    </li>
  );
}

/** The name field of a new or reworded reason, with the server's refusal (a name taken) under it. */
function useNameForm(submit: (label: string) => Promise<unknown>, onDone: () => void) {
  const say = useMessageText();
  const [error, setError] = useState<string | undefined>();
  return {
    error,
    async onSubmit(event: FormEvent<HTMLFormElement>, label: string) {
      event.preventDefault();
      try {
        await submit(label);
        setError(undefined);
        onDone();
      } catch (failure) {
        setError(say(serverFieldMessages(failure).label ?? serverReason(failure)));
      }
    },
  };
}

function CancelReasonNameForm({
  reason,
  initial,
  onDone,
}: {
  reason: CancelReason;
  initial: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const change = useChangeCancelReason();
  const [label, setLabel] = useState(initial);
  const form = useNameForm((value) => change.mutateAsync({ kind: 'rename', id: reason.id, label: value }), onDone);
  const id = `reason-${reason.id}`;
  return (
    <form noValidate onSubmit={(event) => form.onSubmit(event, label)} className="grid gap-2">
      <Label htmlFor={id}>{t('lists.newName')}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          className="min-w-0 flex-1 basis-48"
          value={label}
          maxLength={CANCEL_REASON_LABEL_MAX_LENGTH}
          onChange={(event) => setLabel(event.target.value)}
          aria-invalid={form.error ? true : undefined}
          aria-describedby={form.error ? `${id}-error` : undefined}
        />
        <Button type="submit" size="sm" disabled={change.isPending}>
          {t('lists.save')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={change.isPending}>
          {t('actions.cancelDialog')}
        </Button>
      </div>
      {form.error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {form.error}
        </p>
      )}
    </form>
  );
}

function CancelReasonAddForm() {
  const { t } = useTranslation('admin');
  const change = useChangeCancelReason();
  const [label, setLabel] = useState('');
  const form = useNameForm(
    (value) => change.mutateAsync({ kind: 'add', label: value }),
    () => setLabel(''),
  );
  return (
    <form noValidate onSubmit={(event) => form.onSubmit(event, label)} className="grid gap-2">
      <Label htmlFor="new-cancel-reason">{t('lists.addReason')}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="new-cancel-reason"
          className="min-w-0 flex-1 basis-48"
          value={label}
          maxLength={CANCEL_REASON_LABEL_MAX_LENGTH}
          placeholder={t('lists.addPlaceholder')}
          onChange={(event) => setLabel(event.target.value)}
          aria-invalid={form.error ? true : undefined}
          aria-describedby={form.error ? 'new-cancel-reason-error' : undefined}
        />
        <Button type="submit" size="sm" disabled={change.isPending}>
          <PlusIcon aria-hidden="true" />
          {t('lists.add')}
        </Button>
      </div>
      {form.error && (
        <p id="new-cancel-reason-error" role="alert" className="text-sm font-medium text-destructive">
          {form.error}
        </p>
      )}
    </form>
  );
}
