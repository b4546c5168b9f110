import { MessageSquarePlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { messageText, serverReason } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import { NOTE_MAX_LENGTH } from '#shared/limits.ts';
import type { ActivityEntry } from '#shared/replies/creators.ts';
import { NOTE_ACTION } from '#shared/schemas/note.ts';
import { useAddCreatorNote } from '../api/add-creator-note.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';

/** The text of a note entry in the activity log, or null for any other entry. */
export function noteTextOf(entry: ActivityEntry): string | null {
  const text = entry.additionalInfo?.text;
  return entry.action === NOTE_ACTION && typeof text === 'string' ? text : null;
}

/**
 * What staff noted about a creator, oldest first, and a box to add one (docs/decisions/025). A note lands in
 * the activity log with its author and time, and stops the creator's 24–48 hour clock.
 */
export function CreatorNotesSection({ creatorId, activityLog }: { creatorId: string; activityLog: ActivityEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addNote = useAddCreatorNote();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const notes = activityLog.flatMap((entry) => {
    const note = noteTextOf(entry);
    return note === null ? [] : [{ entry, note }];
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(t('notes.required'));
      return;
    }
    setError(null);
    addNote.mutate(
      { creatorId, text: trimmed },
      {
        onSuccess: () => {
          setText('');
          toast({ title: t('notes.added') });
        },
        onError: (failure) => {
          // The server's reason sits beside the box when it is about the text; anything else is a toast.
          if (isApiError(failure) && failure.status === 400)
            setError(messageText(serverReason(failure)) ?? t('notes.failed'));
          else toastActionFailure(t, failure, { failed: t('notes.failed') });
        },
      },
    );
  }

  return (
    <div className="grid gap-3">
      {notes.length > 0 ? (
        <ol className="grid gap-2" aria-label={t('notes.listLabel')}>
          {notes.map(({ entry, note }) => (
            <li key={entry.id} className="grid gap-1 rounded-lg border bg-card px-3 py-2">
              <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{note}</p>
              <p className="text-xs text-muted-foreground">
                {t('notes.byline', { performedBy: entry.performedBy, date: format.format(new Date(entry.timestamp)) })}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{t('notes.empty')}</p>
      )}
      <form className="grid gap-2" onSubmit={submit} noValidate>
        <Label htmlFor={inputId}>{t('notes.label')}</Label>
        <Textarea
          id={inputId}
          value={text}
          maxLength={NOTE_MAX_LENGTH}
          placeholder={t('notes.placeholder')}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
          className="min-h-16"
        />
        {error && (
          <p id={errorId} className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" size="sm" disabled={addNote.isPending}>
            <MessageSquarePlusIcon aria-hidden="true" />
            {addNote.isPending ? t('notes.saving') : t('notes.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
