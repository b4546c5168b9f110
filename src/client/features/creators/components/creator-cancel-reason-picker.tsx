import { Label } from '#client/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useCancelReasonName, useCancelReasons } from '#client/lib/cancel-reasons.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { type ShownMessage, useMessageText } from '#client/lib/messages.ts';
import { CANCEL_NOTE_MAX_LENGTH, OTHER_REASON } from '#shared/cancel-reasons.ts';
import { messageOf } from '#shared/messages/message.ts';
import type { CancelReason } from '#shared/replies/cancel-reasons.ts';
import { CANCEL_REASON_KEYS } from '#shared/schemas/cancel-reasons.ts';

/** What a cancellation gives besides its status (decision 063). */
export interface CancelChoice {
  cancelReasonId: string | null;
  cancelNote: string;
}

export const NO_CANCEL_CHOICE: CancelChoice = { cancelReasonId: null, cancelNote: '' };

export type CancelChoiceErrors = Partial<Record<keyof CancelChoice, ShownMessage>>;

/** What the screen refuses before asking the server: no reason, or Other without a note. */
export function cancelChoiceErrors(choice: CancelChoice, reasons: readonly CancelReason[]): CancelChoiceErrors {
  const chosen = reasons.find((reason) => reason.id === choice.cancelReasonId);
  if (!chosen) return { cancelReasonId: messageOf(CANCEL_REASON_KEYS.reason) };
  if (chosen.code === OTHER_REASON && !choice.cancelNote.trim()) {
    return { cancelNote: messageOf(CANCEL_REASON_KEYS.noteRequired) };
  }
  return {};
}

/** The request's fields of a choice. */
export const cancelFieldsOf = (choice: CancelChoice) => ({
  cancelReasonId: choice.cancelReasonId,
  cancelNote: choice.cancelNote.trim() || null,
});

export interface CreatorCancelReasonPickerProps {
  /** Ids in the page are built from it, as two pickers may be open in turn. */
  idPrefix: string;
  value: CancelChoice;
  onChange: (choice: CancelChoice) => void;
  errors: CancelChoiceErrors;
  disabled?: boolean;
}

/**
 * The reasons owners offer, as radio buttons in their order, and a note that Other requires. Removed reasons are
 * not offered; the list loads with the dialog and stays cached.
 */
export function CreatorCancelReasonPicker({
  idPrefix,
  value,
  onChange,
  errors,
  disabled,
}: CreatorCancelReasonPickerProps) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const reasons = useCancelReasons();
  const nameOf = useCancelReasonName();
  const offered = (reasons.data?.reasons ?? []).filter((reason) => !reason.removed);
  const chosen = offered.find((reason) => reason.id === value.cancelReasonId);
  const isNoteRequired = chosen?.code === OTHER_REASON;
  const reasonError = say(errors.cancelReasonId);
  const noteError = say(errors.cancelNote);
  const legendId = `${idPrefix}-reason-legend`;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <p id={legendId} className="text-sm font-medium">
          {t('cancel.reason')}
          <span aria-hidden="true" className="text-destructive">
            {' *'}
          </span>
        </p>
        {reasons.isPending && <p className="text-sm text-muted-foreground">{t('cancel.loading')}</p>}
        {reasons.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t('cancel.loadFailed')}
          </p>
        )}
        <RadioGroup
          aria-labelledby={legendId}
          aria-required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${idPrefix}-reason-error` : undefined}
          value={value.cancelReasonId ?? ''}
          onValueChange={(id) => onChange({ ...value, cancelReasonId: id })}
          disabled={disabled}
          className="grid gap-x-4 gap-y-2 sm:grid-cols-2"
        >
          {offered.map((reason) => (
            <div key={reason.id} className="flex min-w-0 items-start gap-2">
              <RadioGroupItem id={`${idPrefix}-${reason.id}`} value={reason.id} className="mt-0.5" />
              <Label htmlFor={`${idPrefix}-${reason.id}`} className="min-w-0 font-normal break-words">
                {nameOf(reason)}
              </Label>
            </div>
          ))}
        </RadioGroup>
        {reasonError && (
          <p id={`${idPrefix}-reason-error`} role="alert" className="text-sm font-medium text-destructive">
            {reasonError}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-note`}>
          {t('cancel.note')}
          {isNoteRequired ? (
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          ) : (
            <span className="font-normal text-muted-foreground">{t('listing.optional')}</span>
          )}
        </Label>
        <Textarea
          id={`${idPrefix}-note`}
          rows={3}
          maxLength={CANCEL_NOTE_MAX_LENGTH}
          value={value.cancelNote}
          onChange={(event) => onChange({ ...value, cancelNote: event.target.value })}
          disabled={disabled}
          aria-required={isNoteRequired || undefined}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${idPrefix}-note-error` : undefined}
        />
        {noteError && (
          <p id={`${idPrefix}-note-error`} role="alert" className="text-sm font-medium text-destructive">
            {noteError}
          </p>
        )}
      </div>
    </div>
  );
}
