import { useState } from 'react';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useCancelReasons } from '#client/lib/cancel-reasons.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { serverReason, useMessageText } from '#client/lib/messages.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { BulkResult } from '#shared/replies/creators.ts';
import type { BulkRequest } from '#shared/schemas/bulk.ts';
import { useBulkPreview } from '../api/preview-bulk-action.ts';
import { countReasons } from '../lib/bulk-actions.ts';
import {
  type CancelChoice,
  type CancelChoiceErrors,
  CreatorCancelReasonPicker,
  cancelChoiceErrors,
  cancelFieldsOf,
  NO_CANCEL_CHOICE,
} from './creator-cancel-reason-picker.tsx';

export interface CreatorBulkConfirmDialogProps {
  /** The request the admin chose, not yet run; null while nothing is to be confirmed. */
  request: BulkRequest | null;
  /** The selection's size as the bar shows it, for when the server could not count. */
  countText: string;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: (request: BulkRequest) => void;
}

/**
 * Asks before a bulk action, saying what it will do (docs/decisions/033): the server's dry run counts who moves
 * to which status and who is skipped and why, "all matching" included, and the button names the action and its
 * count. When the count cannot be had, the dialog says so and the summary afterwards lists each creator.
 */
export function CreatorBulkConfirmDialog({
  request,
  countText,
  isPending,
  onCancel,
  onConfirm,
}: CreatorBulkConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const statusName = useStatusName();
  const say = useMessageText();
  const preview = useBulkPreview(request);
  // A bulk cancellation asks one reason for all of them (decision 063).
  const isCancel = request?.action === 'status' && request.status === 'cancelled';
  const reasons = useCancelReasons({ enabled: isCancel });
  const [choice, setChoice] = useState<CancelChoice>(NO_CANCEL_CHOICE);
  const [choiceErrors, setChoiceErrors] = useState<CancelChoiceErrors>({});
  const [asked, setAsked] = useState(request);
  if (asked !== request) {
    // A new request starts with nothing chosen.
    setAsked(request);
    setChoice(NO_CANCEL_CHOICE);
    setChoiceErrors({});
  }
  function confirm() {
    if (!request) return;
    if (!isCancel) return onConfirm(request);
    const problems = cancelChoiceErrors(choice, reasons.data?.reasons ?? []);
    setChoiceErrors(problems);
    if (Object.keys(problems).length === 0) onConfirm({ ...request, ...cancelFieldsOf(choice) });
  }
  const outcome: BulkResult | undefined = preview.data;
  const count = outcome?.succeeded.length ?? 0;
  const status = request?.action === 'status' && request.status ? statusName(request.status) : '';

  const description =
    request?.action === 'status'
      ? `${t('bulk.confirmStatus', { status })}${isCancel ? ` ${t('cancel.bulkDescription')}` : ''}`
      : request?.action === 'stage2'
        ? t('bulk.confirmStage2')
        : t('bulk.confirmDelete');
  // Named after the action alone until its count is known.
  const label = !outcome
    ? request?.action === 'status'
      ? t('bulk.moveTo', { status })
      : request?.action === 'stage2'
        ? t('bulk.sendStage2')
        : t('bulk.delete')
    : count === 0
      ? t('bulk.nothingToChange')
      : request?.action === 'status'
        ? t('bulk.runMove', { count, status })
        : request?.action === 'stage2'
          ? t('bulk.runStage2', { count })
          : t('bulk.runDelete', { count });
  const willDo =
    request?.action === 'status'
      ? t('bulk.willMove', { count, status })
      : request?.action === 'stage2'
        ? t('bulk.willSendStage2', { count })
        : t('bulk.willDelete', { count });
  const skipped = outcome ? countReasons(outcome.failed, say) : [];
  // The server refused the request itself (too many creators, a role that may not): the run would be refused too.
  const isRefused = isApiError(preview.error) && preview.error.status >= 400 && preview.error.status < 500;

  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={t('bulk.confirmTitle')}
      description={description}
      confirmLabel={label}
      cancelLabel={t('actions.cancelDialog')}
      variant={request?.action === 'delete' ? 'destructive' : 'default'}
      isPending={isPending}
      isConfirmDisabled={preview.isFetching || isRefused || (outcome !== undefined && count === 0)}
      onConfirm={confirm}
    >
      {isCancel && (
        <CreatorCancelReasonPicker
          idPrefix="bulk-cancel"
          value={choice}
          onChange={(next) => {
            setChoice(next);
            setChoiceErrors({});
          }}
          errors={choiceErrors}
          disabled={isPending}
        />
      )}
      <div className="grid gap-2 text-sm" aria-live="polite">
        {preview.isFetching && !outcome && <p>{t('bulk.previewing')}</p>}
        {preview.isError && (
          <>
            {/* A refusal (too many creators, say) is the run's own: the server's reason says what to do. */}
            <p>{say(serverReason(preview.error)) ?? t('bulk.previewFailed')}</p>
            <p className="font-medium">{t('bulk.confirmCount', { amount: countText })}</p>
          </>
        )}
        {outcome && (
          <>
            <p className="font-medium">{willDo}</p>
            {outcome.failed.length > 0 && (
              <div className="grid gap-1">
                <p>{t('bulk.willSkip', { count: outcome.failed.length })}</p>
                <ul className="grid max-h-40 list-disc gap-1 overflow-y-auto ps-5 text-muted-foreground">
                  {skipped.map(({ reason, count: times }) => (
                    <li key={reason}>{t('bulk.skipReason', { reason, count: times })}</li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </div>
    </ConfirmDialog>
  );
}
