import { CheckIcon, LoaderCircleIcon, PencilIcon, PlusIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useMessageText } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import { messageOfIssue } from '#shared/messages/zod-issue.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import { recruiterEmailSchema } from '#shared/schemas/recruiter.ts';
import { useUpdateRecruiterEmail } from '../api/update-recruiter-email.ts';

/**
 * Product §2: the e-mail, or 'Add Email'; a pencil opens an inline editor with Save and Cancel (Enter saves,
 * Escape cancels). A blank address clears it, as the shared schema says.
 */
export function RecruiterEmailCell({ recruiter, className }: { recruiter: AdminRecruiter; className?: string }) {
  const { t } = useTranslation('recruiters');
  const say = useMessageText();
  const mayManage = useCan('manageRecruiters');
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const updateEmail = useUpdateRecruiterEmail();
  const startButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function start() {
    setDraft(recruiter.email ?? '');
    setError(undefined);
    setIsEditing(true);
  }

  function stop() {
    setIsEditing(false);
    setError(undefined);
    // Focus returns to the button that opened the editor, not to the top of the page.
    requestAnimationFrame(() => startButton.current?.focus());
  }

  async function save() {
    if (updateEmail.isPending) return;
    const parsed = recruiterEmailSchema.safeParse({ email: draft });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      setError(issue && say(messageOfIssue(issue)));
      return;
    }
    if (parsed.data.email === recruiter.email) {
      stop();
      return;
    }
    try {
      await updateEmail.mutateAsync({ id: recruiter.id, email: parsed.data.email });
      toast({ title: t('email.updated') });
      stop();
    } catch (failure) {
      toastFailure(failure, { title: t('errors.title'), fallback: t('email.failed') });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stop();
    }
  }

  if (isEditing) {
    return (
      <div className={cn('grid gap-1.5', className)}>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            id={inputId}
            type="email"
            inputMode="email"
            autoComplete="off"
            // The editor opens on the admin's own click, so taking focus is what they expect.
            autoFocus
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (error) setError(undefined);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('email.placeholder')}
            aria-label={t('email.label', { name: recruiter.name })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={updateEmail.isPending}
            className="h-9 min-w-44 flex-1"
          />
          <div className="flex gap-1">
            <Button size="sm" onClick={() => void save()} disabled={updateEmail.isPending}>
              {updateEmail.isPending ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <CheckIcon aria-hidden="true" />
              )}
              {t('email.save')}
            </Button>
            <Button size="sm" variant="outline" onClick={stop} disabled={updateEmail.isPending}>
              <XIcon aria-hidden="true" />
              {t('email.cancel')}
            </Button>
          </div>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  }

  if (!recruiter.email) {
    // A reviewer cannot add one (decision 021): an empty cell says there is none.
    if (!mayManage) return <span className={cn('text-sm text-muted-foreground', className)}>—</span>;
    return (
      <div className={className}>
        <Button
          ref={startButton}
          variant="dashed"
          size="xs"
          onClick={start}
          aria-label={t('email.addFor', { name: recruiter.name })}
        >
          <PlusIcon aria-hidden="true" />
          {t('email.add')}
        </Button>
      </div>
    );
  }

  return (
    <div className={cn('flex min-w-0 items-center gap-1', className)}>
      <a
        href={`mailto:${recruiter.email}`}
        className="min-w-0 truncate text-sm text-foreground underline-offset-4 hover:underline"
        title={recruiter.email}
      >
        {recruiter.email}
      </a>
      {mayManage && (
        <Button
          ref={startButton}
          variant="subtle"
          size="icon-xs"
          onClick={start}
          aria-label={t('email.edit', { name: recruiter.name })}
        >
          <PencilIcon className="size-3.5" aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
